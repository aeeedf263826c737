//! What the window shows ([`Screen`], the state a person moves between) and
//! what the board game does meanwhile ([`Mode`], computed from the screen in
//! the same state transition, so the two never disagree for a frame).

use bevy::prelude::*;

use crate::game::players::Players;

/// What the window shows.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    #[default]
    Home,
    /// Opponent, colour, clock, rated or casual; then Start.
    PlaySetup,
    /// A game against a level or a friend, with only what playing needs.
    Play,
    /// How to play, on the real board.
    Learn,
    Puzzles,
    /// The game on the board with the analysis, files and set-up tools.
    Analyse,
    /// AI against AI, matchup presets, series and the engine's numbers.
    Watch,
    Flow,
    /// The games kept: find, open, import, export, delete.
    Library,
    Settings,
}

impl Screen {
    /// The modes Home offers, in its order.
    pub const MODES: [Screen; 8] = [
        Screen::Play,
        Screen::Learn,
        Screen::Puzzles,
        Screen::Analyse,
        Screen::Watch,
        Screen::Library,
        Screen::Flow,
        Screen::Settings,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Screen::Home => "Home",
            Screen::PlaySetup => "New game",
            Screen::Play => "Play",
            Screen::Learn => "Learn",
            Screen::Puzzles => "Puzzles",
            Screen::Analyse => "Analyse",
            Screen::Watch => "Watch & Lab",
            Screen::Flow => "Flow Free",
            Screen::Library => "Library",
            Screen::Settings => "Settings",
        }
    }

    /// One line under the mode's button on Home.
    pub fn blurb(self) -> &'static str {
        match self {
            Screen::Play => "A game against a level of the AI or a friend",
            Screen::Learn => "How to play, step by step on the board",
            Screen::Puzzles => "Win from a position the solver proved",
            Screen::Analyse => "Open or paste a game, review it with the master search",
            Screen::Watch => "AI against AI, matchup presets, series, the engine's numbers",
            Screen::Flow => "Draw the pipes of a Flow Free puzzle",
            Screen::Library => "Every finished game kept: find, review, import, export",
            Screen::Settings => "Board, pieces, interface size, pace, sound, keys",
            Screen::Home | Screen::PlaySetup => "",
        }
    }

    /// Screens where the game in progress is played, watched or studied;
    /// Resume goes back to the last one seen.
    pub fn holds_game(self) -> bool {
        matches!(self, Screen::Play | Screen::Analyse | Screen::Watch)
    }

    /// Where a game of these players is played: watched when no person plays.
    pub fn for_players(players: &Players) -> Screen {
        if players.both_ai() { Screen::Watch } else { Screen::Play }
    }
}

/// What the board game does while a screen shows: it runs on the board
/// game's screens, Flow Free has its own, and on a menu (Home, the play
/// setup, the Library, Settings) the game waits, untouched, for the player
/// to come back. Computed from [`Screen`]; nothing sets it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    Board,
    Flow,
    Menu,
}

impl ComputedStates for Mode {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<Mode> {
        Some(match screen {
            Screen::Play | Screen::Learn | Screen::Puzzles | Screen::Analyse | Screen::Watch => Mode::Board,
            Screen::Flow => Mode::Flow,
            Screen::Home | Screen::PlaySetup | Screen::Library | Screen::Settings => Mode::Menu,
        })
    }
}

impl Screen {
    /// The board game's mode while this screen shows.
    pub fn mode(self) -> Mode {
        <Mode as ComputedStates>::compute(self).unwrap_or(Mode::Menu)
    }
}
