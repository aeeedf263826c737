//! The system's clipboard: the desktop's (through `arboard`), or the
//! browser's (`navigator.clipboard`, whose reads are answered later). Both
//! are asked for text and hand it over when it is there, so the paste logic
//! is one.

use bevy::prelude::*;

/// Why the clipboard gave or took no text, in one line.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ClipboardRefused {
    #[cfg(not(target_arch = "wasm32"))]
    #[error("{0}")]
    Desktop(#[from] arboard::Error),
    /// The browser refused (no permission, or no clipboard on the page).
    #[cfg(target_arch = "wasm32")]
    #[error("the browser refused: {0}")]
    Browser(String),
}

/// The desktop's clipboard, opened on first use and kept: on X11 the copied
/// text is served by its owner, so it lives as long as the game does.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Resource, Default)]
pub(crate) struct SystemClipboard {
    open: Option<arboard::Clipboard>,
    read: Option<Result<String, ClipboardRefused>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl SystemClipboard {
    fn get(&mut self) -> Result<&mut arboard::Clipboard, arboard::Error> {
        if self.open.is_none() {
            self.open = Some(arboard::Clipboard::new()?);
        }
        self.open.as_mut().ok_or(arboard::Error::ClipboardNotSupported)
    }

    /// Puts `text` on the clipboard.
    pub(crate) fn write(&mut self, text: String) -> Result<(), ClipboardRefused> {
        Ok(self.get()?.set_text(text)?)
    }

    /// Asks for the clipboard's text ([`Self::take_text`] hands it over).
    pub(crate) fn ask_text(&mut self) {
        self.read = Some(self.get().and_then(|c| c.get_text()).map_err(ClipboardRefused::from));
    }

    /// The text asked for, once it is there.
    pub(crate) fn take_text(&mut self) -> Option<Result<String, ClipboardRefused>> {
        self.read.take()
    }
}

/// The browser's clipboard: a write is sent at once, a read answers on a
/// later frame.
#[cfg(target_arch = "wasm32")]
#[derive(Resource, Default)]
pub(crate) struct SystemClipboard {
    read: std::sync::Arc<std::sync::Mutex<Option<Result<String, ClipboardRefused>>>>,
}

#[cfg(target_arch = "wasm32")]
impl SystemClipboard {
    fn clipboard() -> Result<web_sys::Clipboard, ClipboardRefused> {
        let window = web_sys::window().ok_or_else(|| ClipboardRefused::Browser("no window".into()))?;
        Ok(window.navigator().clipboard())
    }

    /// Sends `text` to the clipboard (a refusal is logged: the write is answered later).
    pub(crate) fn write(&mut self, text: String) -> Result<(), ClipboardRefused> {
        let promise = Self::clipboard()?.write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(error) = wasm_bindgen_futures::JsFuture::from(promise).await {
                warn!("clipboard: the browser refused the copy: {error:?}");
            }
        });
        Ok(())
    }

    /// Asks the browser for the clipboard's text ([`Self::take_text`] hands it over).
    pub(crate) fn ask_text(&mut self) {
        let slot = std::sync::Arc::clone(&self.read);
        let promise = match Self::clipboard() {
            Ok(clipboard) => clipboard.read_text(),
            Err(refused) => return Self::answer(&slot, Err(refused)),
        };
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(promise).await;
            let text = text.map(|value| value.as_string().unwrap_or_default());
            Self::answer(&slot, text.map_err(|error| ClipboardRefused::Browser(format!("{error:?}"))));
        });
    }

    fn answer(
        slot: &std::sync::Mutex<Option<Result<String, ClipboardRefused>>>,
        text: Result<String, ClipboardRefused>,
    ) {
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(text);
        }
    }

    /// The text asked for, once the browser has answered.
    pub(crate) fn take_text(&mut self) -> Option<Result<String, ClipboardRefused>> {
        self.read.lock().ok().and_then(|mut slot| slot.take())
    }
}
