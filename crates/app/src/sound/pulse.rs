//! Playing samples through the desktop's sound server, in PulseAudio's
//! native protocol (which PipeWire desktops serve too) spoken by the pure
//! Rust `pulseaudio` crate: no libpulse, so no `-dev` package to build.
//! Calls block until the server has played the samples, so they run on the
//! player's thread, never in the frame loop.

use std::ffi::CString;
use std::io::{BufReader, Cursor, Read};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

use pulseaudio::protocol::{self, Command, ProtocolError};
use thiserror::Error;

use crate::sound::synth::SAMPLE_RATE;

/// How long a silent server is waited for before the sound is given up.
const REPLY_WAIT: Duration = Duration::from_secs(5);
/// The largest piece of samples sent at once (a server's memory block).
const CHUNK_BYTES: usize = 64 * 1024;

/// Why a sound could not be played; one line each.
#[derive(Debug, Error)]
pub enum SoundError {
    #[error("no sound server found (PULSE_SERVER, XDG_RUNTIME_DIR/pulse/native)")]
    NoServer,
    #[error("the sound server at {path} did not answer: {source}")]
    Connect { path: PathBuf, source: std::io::Error },
    #[error("the sound server's connection failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("the sound server refused: {0}")]
    Protocol(#[from] ProtocolError),
    #[error("the sound server refused: {0:?}")]
    Refused(protocol::PulseError),
}

/// The server's socket: `PULSE_SERVER` (`unix:/path` or a path), else the
/// session's `$XDG_RUNTIME_DIR/pulse/native`.
pub fn server_socket() -> Option<PathBuf> {
    if let Ok(server) = std::env::var("PULSE_SERVER") {
        let path = PathBuf::from(server.strip_prefix("unix:").unwrap_or(&server));
        return path.exists().then_some(path);
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")?;
    Some(PathBuf::from(runtime).join("pulse").join("native")).filter(|path| path.exists())
}

/// A connection to the sound server, kept between sounds.
pub struct Connection {
    socket: BufReader<UnixStream>,
    version: u16,
    next_seq: u32,
}

impl Connection {
    /// Connects and introduces the game (with the session's cookie, where there is one).
    pub fn open() -> Result<Connection, SoundError> {
        let path = server_socket().ok_or(SoundError::NoServer)?;
        let stream = UnixStream::connect(&path).map_err(|source| SoundError::Connect { path, source })?;
        stream.set_read_timeout(Some(REPLY_WAIT))?;
        stream.set_write_timeout(Some(REPLY_WAIT))?;
        let mut socket = BufReader::new(stream);
        let cookie = pulseaudio::cookie_path_from_env().and_then(|path| std::fs::read(path).ok()).unwrap_or_default();
        let auth =
            protocol::AuthParams { version: protocol::MAX_VERSION, supports_shm: false, supports_memfd: false, cookie };
        protocol::write_command_message(socket.get_mut(), 0, &Command::Auth(auth), protocol::MAX_VERSION)?;
        let (_, reply) = protocol::read_reply_message::<protocol::AuthReply>(&mut socket, protocol::MAX_VERSION)?;
        let version = protocol::MAX_VERSION.min(reply.version);
        let mut props = protocol::Props::new();
        props.set(protocol::Prop::ApplicationName, CString::from(c"Breakline"));
        protocol::write_command_message(socket.get_mut(), 1, &Command::SetClientName(props), version)?;
        protocol::read_reply_message::<protocol::SetClientNameReply>(&mut socket, version)?;
        Ok(Connection { socket, version, next_seq: 2 })
    }

    /// Plays 16-bit mono samples at [`SAMPLE_RATE`] on the default output
    /// and returns once the server has played them.
    pub fn play(&mut self, samples: &[i16]) -> Result<(), SoundError> {
        let params = protocol::PlaybackStreamParams {
            sample_spec: protocol::SampleSpec {
                format: protocol::SampleFormat::S16Le,
                channels: 1,
                sample_rate: SAMPLE_RATE,
            },
            channel_map: protocol::ChannelMap::mono(),
            cvolume: Some(protocol::ChannelVolume::norm(1)),
            sink_name: Some(CString::from(protocol::DEFAULT_SINK)),
            ..Default::default()
        };
        let seq = self.seq();
        protocol::write_command_message(
            self.socket.get_mut(),
            seq,
            &Command::CreatePlaybackStream(params),
            self.version,
        )?;
        let (_, stream) =
            protocol::read_reply_message::<protocol::CreatePlaybackStreamReply>(&mut self.socket, self.version)?;
        let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        for chunk in bytes.chunks(CHUNK_BYTES) {
            protocol::write_memblock(self.socket.get_mut(), stream.channel, chunk, 0)?;
        }
        // The drain's reply comes once the last sample has been played.
        self.command(Command::DrainPlaybackStream(stream.channel))?;
        self.command(Command::DeletePlaybackStream(stream.channel))
    }

    fn seq(&mut self) -> u32 {
        self.next_seq = self.next_seq.wrapping_add(1) % (u32::MAX - 1);
        self.next_seq
    }

    /// Sends a command without a reply payload and waits for its reply,
    /// passing over the server's notices (requests for more data, starts).
    fn command(&mut self, command: Command) -> Result<(), SoundError> {
        let seq = self.seq();
        protocol::write_command_message(self.socket.get_mut(), seq, &command, self.version)?;
        loop {
            // A whole frame at a time, so a notice this crate reads only in
            // part cannot leave the rest of it in the way.
            let descriptor = protocol::read_descriptor(&mut self.socket)?;
            let mut frame = vec![0; descriptor.length as usize];
            self.socket.read_exact(&mut frame)?;
            match Command::read_tag_prefixed(&mut Cursor::new(frame), self.version) {
                Ok((got, Command::Reply)) if got == seq => return Ok(()),
                Ok((got, Command::Error(error))) if got == seq => return Err(SoundError::Refused(error)),
                _ => {}
            }
        }
    }
}
