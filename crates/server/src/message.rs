//! The messages, as JSON text frames over a WebSocket. Every message is an
//! object with `v` (the protocol's version, [`PROTOCOL_VERSION`]), `type`
//! (what it is, in snake case) and its fields; a client may add `id`, a
//! number the server's direct answer repeats. Each client message gets one
//! direct answer (a result or an `error`); events of games and lobby news
//! come as they happen. `docs/guide/online-protocol.md` documents each one.

use breakline_rules::Side;
use serde::{Deserialize, Serialize};

use crate::account::{AccountError, Password, Token};
use crate::events::Numbered;
use crate::game::{GameError, GameState};
use crate::ids::{ChallengeId, GameId, PlayerId, SeekId};
use crate::lobby::{LobbyError, SeekView};
use crate::result::GameResult;
use crate::spec::{ColourChoice, GameSpec, SpecError};
use crate::store::StoreError;

/// The protocol's version: every message carries it as `v`.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message with its version and the client's optional id.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// The protocol version.
    pub v: u32,
    /// The client's number for a request, repeated in its answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The message.
    #[serde(flatten)]
    pub body: T,
}

impl<T> Envelope<T> {
    /// `body` at this version, answering `id`.
    pub fn new(id: Option<u64>, body: T) -> Envelope<T> {
        Envelope { v: PROTOCOL_VERSION, id, body }
    }
}

/// What a client sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Makes an account and signs in.
    SignUp {
        /// 3 to 20 letters, digits, `_` or `-`.
        name: String,
        /// 8 to 128 bytes.
        password: Password,
    },
    /// Signs in.
    SignIn {
        /// The account's name.
        name: String,
        /// Its password.
        password: Password,
    },
    /// Signs in again with a session token.
    Resume {
        /// The token `welcome` gave.
        token: Token,
    },
    /// Joins the game of an invitation code (as a new guest when not signed in).
    JoinInvitation {
        /// The code.
        code: String,
    },
    /// Opens a seek in the lobby.
    Seek {
        /// The game.
        spec: GameSpec,
        /// The colour asked for.
        #[serde(default)]
        colour: ColourChoice,
    },
    /// Withdraws one's seek.
    CancelSeek {
        /// Which.
        seek: SeekId,
    },
    /// Lists the open seeks.
    ListSeeks,
    /// Accepts a seek: the game starts.
    AcceptSeek {
        /// Which.
        seek: SeekId,
    },
    /// Challenges a named player.
    Challenge {
        /// Their name.
        to: String,
        /// The game.
        spec: GameSpec,
        /// The colour asked for.
        #[serde(default)]
        colour: ColourChoice,
    },
    /// Accepts a challenge: the game starts.
    AcceptChallenge {
        /// Which.
        challenge: ChallengeId,
    },
    /// Declines a challenge.
    DeclineChallenge {
        /// Which.
        challenge: ChallengeId,
    },
    /// Makes an invitation code for a casual game.
    Invite {
        /// The game.
        spec: GameSpec,
        /// The colour asked for.
        #[serde(default)]
        colour: ColourChoice,
    },
    /// Follows a game: its events from version `since` on, or its whole state.
    Watch {
        /// Which.
        game: GameId,
        /// The last version seen; none for the whole state.
        #[serde(default)]
        since: Option<u64>,
    },
    /// Lists one's games in play.
    MyGames,
    /// Lists the games in play, for spectators.
    ListGames,
    /// Plays a move.
    Move {
        /// In which game.
        game: GameId,
        /// The number of moves before it.
        ply: u32,
        /// The move, `a2-a3` or `a2xb3`.
        #[serde(rename = "move")]
        mv: String,
        /// The network lag the client measured (half a ping's round trip), in ms.
        #[serde(default)]
        lag_ms: u64,
    },
    /// Resigns.
    Resign {
        /// Which game.
        game: GameId,
    },
    /// Calls the game off before the second move.
    Abort {
        /// Which game.
        game: GameId,
    },
    /// Offers a draw, or accepts the opponent's offer.
    OfferDraw {
        /// Which game.
        game: GameId,
    },
    /// Declines the opponent's draw offer.
    DeclineDraw {
        /// Which game.
        game: GameId,
    },
    /// Asks to take back one's last move, or accepts the opponent's request.
    RequestTakeback {
        /// Which game.
        game: GameId,
    },
    /// Declines the opponent's takeback request.
    DeclineTakeback {
        /// Which game.
        game: GameId,
    },
    /// Claims that the opponent's time ran out.
    ClaimFlag {
        /// Which game.
        game: GameId,
    },
    /// Asks for a `pong`, to measure the lag.
    Ping {
        /// Any number, repeated in the pong.
        #[serde(default)]
        t: u64,
    },
}

/// A game in a `games` list.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameSummary {
    /// Its id.
    pub game: GameId,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Its setup.
    pub spec: GameSpec,
    /// Moves played.
    pub plies: u32,
    /// The side to move (none once over).
    pub to_move: Option<Side>,
    /// Whether it is the asker's move.
    pub your_move: bool,
    /// Where it stands.
    pub result: GameResult,
    /// Its version.
    pub version: u64,
}

/// What the server sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Signed in.
    Welcome {
        /// The account.
        player: PlayerId,
        /// Its name.
        name: String,
        /// The session token for `resume`.
        token: Token,
    },
    /// The request was refused; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// In words.
        message: String,
    },
    /// The request was done and there is nothing more to say.
    Done,
    /// A seek is open.
    Seeking {
        /// Its id.
        seek: SeekId,
    },
    /// The open seeks.
    Seeks {
        /// Oldest first.
        seeks: Vec<SeekView>,
    },
    /// A challenge was sent.
    Challenged {
        /// Its id.
        challenge: ChallengeId,
    },
    /// Someone challenges you.
    ChallengeReceived {
        /// Its id.
        challenge: ChallengeId,
        /// The challenger.
        from: String,
        /// The game.
        spec: GameSpec,
        /// The colour the challenger asked for.
        colour: ColourChoice,
    },
    /// Your challenge was declined.
    ChallengeDeclined {
        /// Which.
        challenge: ChallengeId,
    },
    /// An invitation is open under a code.
    Invitation {
        /// The code to share.
        code: String,
    },
    /// A game of yours started; you follow it from its state's version.
    GameStarted {
        /// Your side.
        side: Side,
        /// The game.
        state: GameState,
    },
    /// Your move was stored and played (or had been already).
    MoveAck {
        /// The game.
        game: GameId,
        /// The move's ply.
        ply: u32,
        /// The game's version after it.
        version: u64,
    },
    /// Something happened in a game you follow.
    Event {
        /// The game.
        game: GameId,
        /// The event and its version.
        #[serde(flatten)]
        event: Numbered,
    },
    /// A game's whole state (the answer to `watch` when events are not enough).
    Resync {
        /// The state.
        state: GameState,
    },
    /// You follow a game and have every event up to `version`.
    Watching {
        /// The game.
        game: GameId,
        /// Its version.
        version: u64,
    },
    /// Your games.
    Games {
        /// In play, then ended since the server started.
        games: Vec<GameSummary>,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's number.
        t: u64,
        /// The server's clock.
        server_ms: u64,
    },
}

/// What kind of refusal an `error` is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a message of this protocol.
    BadMessage,
    /// A `v` other than this server's.
    UnsupportedVersion,
    /// Over the size limit.
    TooLarge,
    /// Over the rate limit.
    RateLimited,
    /// A request that needs an account, before signing in.
    NotSignedIn,
    /// Signing in again on a signed-in connection.
    AlreadySignedIn,
    /// Sign-up: the name is taken.
    NameTaken,
    /// Sign-up: a bad name or password.
    BadAccount,
    /// Sign-in: a wrong name, password or token.
    BadCredentials,
    /// Sign-in: too many failures for the name lately.
    TooManyLogins,
    /// A game's setup the server does not play.
    BadSpec,
    /// No such player.
    NoSuchPlayer,
    /// A lobby refusal (no such seek, challenge or code; yourself; too many).
    Lobby,
    /// No such game.
    NoSuchGame,
    /// Not a player of the game.
    NotAPlayer,
    /// Not your turn.
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// A move for a ply already played, unlike the one played there.
    StalePly,
    /// A move for a ply not reached.
    FuturePly,
    /// A move the rules refuse.
    IllegalMove,
    /// Draws, takebacks, aborts or flag claims refused by the game's state.
    NotNow,
    /// The game is served by another server process sharing the store:
    /// connect to that one (or ask again once it has stopped).
    ServedElsewhere,
    /// The server failed (its store); the request did nothing.
    Internal,
}

/// A refusal: the `error` message's code and words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// Its code.
    pub code: ErrorCode,
    /// Its words.
    pub message: String,
}

impl Refusal {
    /// A refusal of `code` in `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }

    /// The `error` message.
    pub fn message(self) -> ServerMessage {
        ServerMessage::Error { code: self.code, message: self.message }
    }
}

impl From<GameError> for Refusal {
    fn from(e: GameError) -> Refusal {
        let code = match e {
            GameError::NotAPlayer => ErrorCode::NotAPlayer,
            GameError::GameOver => ErrorCode::GameOver,
            GameError::NotYourTurn => ErrorCode::NotYourTurn,
            GameError::StalePly { .. } => ErrorCode::StalePly,
            GameError::FuturePly { .. } => ErrorCode::FuturePly,
            GameError::Illegal(_) => ErrorCode::IllegalMove,
            _ => ErrorCode::NotNow,
        };
        Refusal::new(code, e.to_string())
    }
}

impl From<LobbyError> for Refusal {
    fn from(e: LobbyError) -> Refusal {
        Refusal::new(ErrorCode::Lobby, e.to_string())
    }
}

impl From<SpecError> for Refusal {
    fn from(e: SpecError) -> Refusal {
        Refusal::new(ErrorCode::BadSpec, e.to_string())
    }
}

impl From<AccountError> for Refusal {
    fn from(e: AccountError) -> Refusal {
        match e {
            AccountError::BadName | AccountError::BadPassword => Refusal::new(ErrorCode::BadAccount, e.to_string()),
            AccountError::Random(_) | AccountError::Hash(_) => Refusal::new(ErrorCode::Internal, e.to_string()),
        }
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        match e {
            StoreError::NameTaken => Refusal::new(ErrorCode::NameTaken, e.to_string()),
            StoreError::ServedElsewhere(_) => Refusal::new(ErrorCode::ServedElsewhere, e.to_string()),
            other => Refusal::new(ErrorCode::Internal, format!("the server's store failed: {other}")),
        }
    }
}
