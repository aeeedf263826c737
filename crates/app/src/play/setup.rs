//! The play setup's choice (opponent, colour, rated or casual; the game and
//! clock are the [`GameSettings`]) and what keeps its word: Start sets the
//! players up before the first move, so a rated pairing stays rated; after a
//! game, Rematch plays the same opponent again with the colours swapped.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::Side;
use crate::engine::ai::search::Level;
use crate::game::phase::GameSystems;
use crate::game::players::{PlayerSetup, Players};
use crate::game::ratings::Progress;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::screen::Mode;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::learn::lessons::LessonRequest;
use crate::play::rated::{Casual, suggested_level};

/// Who the person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The level nearest the person's rating when they press Start (the
    /// setup's starred one): what choosing "AI" picks, and a new player's
    /// first opponent.
    Nearest,
    /// A level of the ladder the person picked (rated unless the game is casual).
    Level(Level),
    /// A friend at this computer: both sides are people, never rated.
    Friend,
}

impl Opponent {
    /// The level played, `nearest` being the one nearest the person's
    /// rating; none for a friend.
    pub fn level(self, nearest: Level) -> Option<Level> {
        match self {
            Opponent::Nearest => Some(nearest),
            Opponent::Level(level) => Some(level),
            Opponent::Friend => None,
        }
    }
}

/// The colour the person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    White,
    Black,
    /// Drawn from [`StartDraw`] at each Start.
    Random,
}

impl ColourChoice {
    pub const ALL: [ColourChoice; 3] = [ColourChoice::White, ColourChoice::Black, ColourChoice::Random];

    pub fn title(self) -> &'static str {
        match self {
            ColourChoice::White => "White",
            ColourChoice::Black => "Black",
            ColourChoice::Random => "Random",
        }
    }
}

/// What the setup shows and Start plays; remembered in the settings file.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PlayChoice {
    pub opponent: Opponent,
    pub colour: ColourChoice,
    pub rated: bool,
}

impl PlayChoice {
    /// Chooses an AI opponent: the level nearest the person's rating, unless
    /// a level is chosen already.
    pub fn choose_ai(&mut self) {
        if self.opponent == Opponent::Friend {
            self.opponent = Opponent::Nearest;
        }
    }
}

impl Default for PlayChoice {
    fn default() -> Self {
        PlayChoice { opponent: Opponent::Nearest, colour: ColourChoice::White, rated: true }
    }
}

/// The seeded generator Start draws from: a random colour, and each game's
/// seed for the level's own choices (the window seeds it from the clock;
/// tests set it).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartDraw(pub u64);

impl Default for StartDraw {
    fn default() -> Self {
        StartDraw(0x9E37_79B9_7F4A_7C15)
    }
}

impl StartDraw {
    /// The next number (xorshift64).
    fn next(&mut self) -> u64 {
        let mut x = self.0.max(1);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// White or Black, each half the time.
    fn colour(&mut self) -> Side {
        if self.next() & 1 == 0 { Side::White } else { Side::Black }
    }

    /// A new seed for each AI seat: the weak levels blunder by their seed,
    /// and with one seed for every game a level answered the same moves
    /// with the same game, blunders and all.
    fn seed_levels(&mut self, players: &mut Players) {
        for side in [Side::White, Side::Black] {
            if let PlayerSetup::Ai(config) = players.get_mut(side) {
                config.set_seed(self.next());
            }
        }
    }
}

/// The setup's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayRequest {
    /// Play the [`PlayChoice`] with the [`GameSettings`]' game and clock.
    Start,
    /// The same opponent again, colours swapped, on the same board.
    Rematch,
    /// The same, casual whatever the setup had chosen (and casual from then on).
    CasualRematch,
}

/// A game Start or Rematch asked for, set up once the board game runs again
/// (a menu holds its requests).
#[derive(Resource, Default)]
pub struct PendingGame(Option<Pending>);

impl PendingGame {
    /// Whether a game asked for is not set up yet.
    pub fn waiting(&self) -> bool {
        self.0.is_some()
    }
}

struct Pending {
    players: Players,
    rematch: bool,
    /// The game the new one was asked for in: its players change only once
    /// the new game replaced it (the person may say no to replacing it).
    asked_in: Option<u64>,
    /// The replace question showed (its end without a new game is a "no").
    question_seen: bool,
}

/// The settings file's word for [`Opponent::Nearest`].
const NEAREST: &str = "nearest";

/// The settings file's form of a [`PlayChoice`]: plain words, read leniently.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredPlay {
    /// `nearest` (the level nearest the person's rating), `friend` or a
    /// level's id (`novice`, `medium`, ...).
    pub opponent: String,
    /// `white`, `black` or `random`.
    pub colour: String,
    pub rated: bool,
}

impl Default for StoredPlay {
    fn default() -> Self {
        StoredPlay::from(&PlayChoice::default())
    }
}

impl From<&PlayChoice> for StoredPlay {
    fn from(choice: &PlayChoice) -> Self {
        let opponent = match choice.opponent {
            Opponent::Nearest => NEAREST.to_string(),
            Opponent::Friend => "friend".to_string(),
            Opponent::Level(level) => level.id().to_string(),
        };
        StoredPlay { opponent, colour: choice.colour.title().to_ascii_lowercase(), rated: choice.rated }
    }
}

/// A stored play choice that names no opponent or colour the setup offers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoredPlayError {
    #[error("no opponent '{0}'")]
    Opponent(String),
    #[error("no colour '{0}'")]
    Colour(String),
}

impl StoredPlay {
    /// The choice it names, or why not (the part it cannot read).
    pub fn choice(&self) -> Result<PlayChoice, StoredPlayError> {
        let opponent = match self.opponent.as_str() {
            NEAREST => Opponent::Nearest,
            "friend" => Opponent::Friend,
            id => Opponent::Level(Level::parse(id).ok_or_else(|| StoredPlayError::Opponent(id.to_string()))?),
        };
        let colour = ColourChoice::ALL
            .into_iter()
            .find(|c| c.title().eq_ignore_ascii_case(&self.colour))
            .ok_or_else(|| StoredPlayError::Colour(self.colour.clone()))?;
        Ok(PlayChoice { opponent, colour, rated: self.rated })
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayChoice>()
        .init_resource::<StartDraw>()
        .init_resource::<PendingGame>()
        .add_message::<PlayRequest>()
        .add_systems(
            Update,
            (
                handle_requests,
                play_after_lesson,
                set_up_pending.run_if(in_state(Mode::Board)).before(GameSystems::Apply),
            ),
        );
}

/// The players `choice` makes, the person playing `person`; `nearest`: the
/// level nearest the person's rating.
pub fn players_for(choice: &PlayChoice, person: Side, nearest: Level) -> Players {
    let mut players = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    if let Some(level) = choice.opponent.level(nearest) {
        *players.get_mut(person.opponent()) = PlayerSetup::Ai(level.config());
    }
    players
}

fn handle_requests(
    mut requests: MessageReader<PlayRequest>,
    (choice, mut draw, mut casual): (Res<PlayChoice>, ResMut<StartDraw>, ResMut<Casual>),
    (players, settings, progress): (Res<Players>, Res<GameSettings>, Res<Progress>),
    mut pending: ResMut<PendingGame>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for request in requests.read() {
        match request {
            PlayRequest::Start => {
                let person = match choice.colour {
                    ColourChoice::White => Side::White,
                    ColourChoice::Black => Side::Black,
                    ColourChoice::Random => draw.colour(),
                };
                let nearest = suggested_level(&progress, settings.variant);
                let mut next = players_for(&choice, person, nearest);
                next.fit_variant(settings.variant);
                draw.seed_levels(&mut next);
                casual.0 = !choice.rated;
                pending.0 = Some(Pending { players: next, rematch: false, asked_in: None, question_seen: false });
                screen.set(Screen::Play);
            }
            PlayRequest::Rematch | PlayRequest::CasualRematch => {
                if *request == PlayRequest::CasualRematch {
                    casual.0 = true;
                }
                let swapped = Players { white: players.black.clone(), black: players.white.clone() };
                pending.0 = Some(Pending { players: swapped, rematch: true, asked_in: None, question_seen: false });
            }
        }
    }
}

/// A finished lesson's "Play a game now": the play setup, its game chosen,
/// against the level suggested for the person; Start plays it (and asks
/// before it replaces a game in progress).
fn play_after_lesson(
    mut requests: MessageReader<LessonRequest>,
    mut settings: ResMut<GameSettings>,
    mut choice: ResMut<PlayChoice>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for request in requests.read() {
        if let LessonRequest::PlayNow(variant) = *request {
            if settings.variant != variant {
                settings.variant = variant;
                settings.size = variant.default_size();
            }
            choice.opponent = Opponent::Nearest;
            screen.set(Screen::PlaySetup);
        }
    }
}

/// Sets the new game up: its players, then the game. Where replacing the
/// game in progress asks the person first, the players change only once
/// the new game replaced it (a "no" leaves the game as it was).
fn set_up_pending(
    mut pending: ResMut<PendingGame>,
    (session, replace, players): (Res<GameSession>, Res<ReplaceGame>, Res<Players>),
    mut requests: MessageWriter<GameRequest>,
) {
    let Some(game) = pending.0.as_mut() else { return };
    let generation = session.generation();
    match game.asked_in {
        None => {
            // A game with moves (asked about or not) is left with its own
            // players, then the new one gets the setup's, as after a yes to
            // the question (fresh eyes' model, round 16: with the question
            // switched off, a rated game replaced by one with a friend was
            // left as the friend's game, and its loss was never counted).
            if session.plies() > 0 {
                game.asked_in = Some(generation);
            } else {
                requests.write(GameRequest::SetPlayers(game.players.clone()));
            }
            requests.write(GameRequest::NewGame { rematch: game.rematch });
            if game.asked_in.is_none() {
                pending.0 = None;
            }
        }
        // Set up once the new game has its players (not a frame before).
        Some(old) if old != generation && *players == game.players => pending.0 = None,
        Some(old) if old != generation => {
            requests.write(GameRequest::SetPlayers(game.players.clone()));
        }
        Some(_) if replace.pending.is_some() => game.question_seen = true,
        Some(_) if game.question_seen => pending.0 = None,
        Some(_) => {}
    }
}
