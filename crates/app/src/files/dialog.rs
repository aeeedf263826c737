//! Choosing a file: the desktop's own dialog (the XDG portal, or zenity
//! where no portal answers) on a thread of its own, or the typed path of the
//! Files section where no dialog is there to answer.

use std::path::PathBuf;
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::files::game_file::{FileAction, FileRequest, default_path};
use crate::game::notice::Notice;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;

/// Ask for a file for `action` (a dialog, or the typed path).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseFile(pub FileAction);

/// The path typed in the Files section: where files go when no dialog
/// answers, and a way to name one exactly when it does.
#[derive(Resource, Clone, Debug)]
pub struct TypedPath(pub String);

impl Default for TypedPath {
    fn default() -> Self {
        TypedPath(default_path("json").display().to_string())
    }
}

/// Whether the desktop's dialog is used, and the one that is open.
#[derive(Resource, Default)]
pub struct FileChooser {
    native: bool,
    open: Option<OpenDialog>,
    /// The panel should open the typed path (no dialog answered).
    reveal_typed_path: bool,
}

struct OpenDialog {
    action: FileAction,
    since: Instant,
    job: BackgroundJob<Option<PathBuf>>,
}

/// A dialog that closes sooner than this without a file never showed (a
/// person takes longer to cancel one): no portal or zenity answered.
const UNANSWERED: Duration = Duration::from_millis(400);

impl FileChooser {
    /// Uses the desktop's dialog when a session bus or zenity is there.
    fn native() -> FileChooser {
        FileChooser { native: desktop_dialog_possible(), ..default() }
    }

    /// Whether actions open the desktop's dialog (otherwise they use the typed path).
    pub fn uses_dialog(&self) -> bool {
        self.native
    }

    /// Whether a dialog is open now.
    pub(crate) fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// A file key (Ctrl+S, Ctrl+O): the desktop's dialog where there is one.
    /// Without one, the Files section's typed path is shown and the way on
    /// is said, rather than a file written or opened that nobody chose (a
    /// timestamped name saved silently, the last save opened unasked). On a
    /// screen without Files (Play), Ctrl+S saves the game on the board to the
    /// typed path, or a new name where a file is there, and says where:
    /// sent to Analyse, a person saved the game studied there instead
    /// (fresh eyes, round 20).
    pub(crate) fn by_key(
        &mut self,
        action: FileAction,
        (typed, files_here): (&TypedPath, bool),
        notice: &mut Notice,
    ) -> Option<KeyFile> {
        if self.native {
            return Some(KeyFile::Dialog(ChooseFile(action)));
        }
        if action == FileAction::Save && !files_here {
            let typed = PathBuf::from(typed.0.trim());
            let path = if typed.as_os_str().is_empty() || typed.exists() { default_path("json") } else { typed };
            return Some(KeyFile::Save(FileRequest { action, path }));
        }
        self.reveal_typed_path = true;
        let button = if action == FileAction::Load { "Open" } else { "Save" };
        // Where Files is: Play has none (fresh eyes, round 17).
        notice.info(format!(
            "No file dialog on this desktop: type the file's path under Files (Analyse's left panel), then press {button}"
        ));
        None
    }

    /// The Files section opens at the next pass (a pointer to it was followed).
    pub(crate) fn reveal(&mut self) {
        self.reveal_typed_path = true;
    }

    /// Whether the panel should open the typed path now (once).
    pub(crate) fn take_reveal(&mut self) -> bool {
        std::mem::take(&mut self.reveal_typed_path)
    }
}

/// What a file key does: open the desktop's dialog, or save at once.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum KeyFile {
    Dialog(ChooseFile),
    Save(FileRequest),
}

/// A session bus (for the portal) or zenity on the path; never in the browser.
fn desktop_dialog_possible() -> bool {
    cfg!(not(target_arch = "wasm32")) && (session_bus() || zenity())
}

fn session_bus() -> bool {
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|dir| PathBuf::from(dir).join("bus").exists())
}

fn zenity() -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()))
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ChooseFile>().init_resource::<TypedPath>().init_resource::<FileChooser>().add_systems(
        Update,
        (open_dialogs, take_answers).chain().before(GameSystems::Input).run_if(not(in_state(GamePhase::Setup))),
    );
}

/// With a window, try the desktop's dialog.
pub(crate) fn view_plugin(app: &mut App) {
    app.insert_resource(FileChooser::native());
}

fn open_dialogs(
    mut asks: MessageReader<ChooseFile>,
    mut chooser: ResMut<FileChooser>,
    typed: Res<TypedPath>,
    waker: Res<Waker>,
    mut notice: ResMut<Notice>,
    mut files: MessageWriter<FileRequest>,
) {
    for &ChooseFile(action) in asks.read() {
        if !chooser.native {
            files.write(FileRequest { action, path: PathBuf::from(typed.0.trim()) });
        } else if chooser.open.is_some() {
            notice.info("A file dialog is already open");
        } else {
            chooser.open = Some(desktop_dialog(action, &typed.0, &waker));
        }
    }
}

/// The desktop's dialog for `action` on a thread of its own.
#[cfg(not(target_arch = "wasm32"))]
fn desktop_dialog(action: FileAction, typed: &str, waker: &Waker) -> OpenDialog {
    let dialog = dialog_for(action, typed);
    let job = BackgroundJob::spawn("file dialog", waker.clone(), move |_| match action {
        FileAction::Save | FileAction::ExportMoves | FileAction::ExportLibrary => dialog.save_file(),
        FileAction::Load | FileAction::ImportMoves | FileAction::ImportLibrary => dialog.pick_file(),
    });
    OpenDialog { action, since: Instant::now(), job }
}

/// The browser has no desktop dialog ([`desktop_dialog_possible`] says so):
/// a job that answers at once that none answered.
#[cfg(target_arch = "wasm32")]
fn desktop_dialog(action: FileAction, _typed: &str, waker: &Waker) -> OpenDialog {
    OpenDialog { action, since: Instant::now(), job: BackgroundJob::spawn("file dialog", waker.clone(), |_| None) }
}

/// The dialog for `action`, starting where the typed path points.
#[cfg(not(target_arch = "wasm32"))]
fn dialog_for(action: FileAction, typed: &str) -> rfd::FileDialog {
    let (title, kind, extension) = match action {
        FileAction::Save => ("Save game", "Breakline game", "json"),
        FileAction::Load => ("Open game", "Breakline game", "json"),
        FileAction::ExportMoves => ("Export game text", "Game text", "txt"),
        FileAction::ImportMoves => ("Import game text", "Game text", "txt"),
        FileAction::ImportLibrary => ("Import games into the library", "Game text", "txt"),
        FileAction::ExportLibrary => ("Export games from the library", "Game text", "txt"),
    };
    let suggested = default_path(extension);
    let typed = PathBuf::from(typed.trim());
    let directory = typed.parent().filter(|d| d.is_dir()).or(suggested.parent()).map(PathBuf::from);
    let mut dialog = rfd::FileDialog::new().set_title(title).add_filter(kind, &[extension]);
    let saving = matches!(action, FileAction::Save | FileAction::ExportMoves | FileAction::ExportLibrary);
    if !saving {
        dialog = dialog.add_filter("All files", &["*"]);
    }
    let Some(directory) = directory else {
        return dialog;
    };
    // The dialog starts there only if it exists.
    let _ = std::fs::create_dir_all(&directory);
    let name = suggested.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if session_bus() {
        // The portal takes the folder and the name apart.
        dialog = dialog.set_directory(&directory);
        if saving { dialog.set_file_name(name) } else { dialog }
    } else {
        // zenity starts from the folder of its `--filename` (a trailing
        // slash: the folder alone) and ignores any other.
        let start = if saving { directory.join(name) } else { directory.join("") };
        dialog.set_file_name(start.to_string_lossy())
    }
}

fn take_answers(
    mut chooser: ResMut<FileChooser>,
    mut typed: ResMut<TypedPath>,
    mut notice: ResMut<Notice>,
    mut files: MessageWriter<FileRequest>,
) {
    let Some(open) = chooser.open.as_mut() else {
        return;
    };
    let Some(answer) = open.job.poll() else {
        return;
    };
    let (action, quick) = (open.action, open.since.elapsed() < UNANSWERED);
    chooser.open = None;
    match answer {
        Ok(Some(path)) => {
            typed.0 = path.display().to_string();
            files.write(FileRequest { action, path });
        }
        Ok(None) if !quick => notice.info("No file chosen"),
        Ok(None) | Err(_) => {
            chooser.native = false;
            chooser.reveal_typed_path = true;
            notice.error("No file dialog answered: type a path under Files and press the button again");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Finding (minor): with no file dialog, Ctrl+S saved under a timestamped
    /// name nobody chose and Ctrl+O opened the last save unasked.
    #[test]
    fn a_file_key_without_a_dialog_shows_the_typed_path_and_acts_on_nothing() {
        let mut notice = Notice::default();
        let mut chooser = FileChooser::default();
        let typed = TypedPath("/nowhere/saved.json".to_string());
        for action in [FileAction::Save, FileAction::Load] {
            assert_eq!(chooser.by_key(action, (&typed, true), &mut notice), None, "{action:?} does nothing by itself");
            assert!(chooser.take_reveal(), "{action:?} shows the typed path");
            assert!(notice.text.as_deref().is_some_and(|text| text.contains("type the file's path")));
        }
        let mut with_dialog = FileChooser { native: true, ..default() };
        let dialog = Some(KeyFile::Dialog(ChooseFile(FileAction::Save)));
        assert_eq!(with_dialog.by_key(FileAction::Save, (&typed, true), &mut notice), dialog);
        assert!(!with_dialog.take_reveal());
    }

    /// Fresh eyes, round 20: Ctrl+S on Play sent the person to Analyse's
    /// Files, where another game was on the board. Where there is no Files,
    /// the game is saved at once, never over a file that is there.
    #[test]
    fn ctrl_s_without_files_saves_the_game_on_the_board_to_a_new_file() {
        let (mut notice, mut chooser) = (Notice::default(), FileChooser::default());
        let fresh = TypedPath("/nowhere/saved.json".to_string());
        let save =
            |path: &str| Some(KeyFile::Save(FileRequest { action: FileAction::Save, path: PathBuf::from(path) }));
        assert_eq!(chooser.by_key(FileAction::Save, (&fresh, false), &mut notice), save("/nowhere/saved.json"));
        let taken = TypedPath(std::env::current_exe().expect("this test").display().to_string());
        let Some(KeyFile::Save(request)) = chooser.by_key(FileAction::Save, (&taken, false), &mut notice) else {
            panic!("saved")
        };
        assert_ne!(request.path.display().to_string(), taken.0, "a new name, not over the file");
        assert!(!chooser.take_reveal());
    }
}
