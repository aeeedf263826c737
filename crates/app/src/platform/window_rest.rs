//! A window that rests: the game redraws only when something changes (input,
//! a window event, an animation, a turn being decided, a search or series
//! reporting progress) instead of as fast as it can. Bevy's winit settings
//! make the loop reactive; background threads wake it through a [`Waker`].

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

use bevy::ecs::system::SystemParam;
use bevy_egui::{EguiFullOutput, EguiInput, EguiInputSet, EguiPostUpdateSet, EguiPreUpdateSet};

use crate::board::pieces::{CaptureAnimation, MoveAnimation};
use crate::game::clock::{TimeSource, TurnTimer, next_redraw};
use crate::game::control::AiControl;
use crate::game::phase::{GamePhase, TurnPhase};
use crate::game::screen::Mode;
use crate::game::session::GameSession;
use crate::game::wake::{Alarm, Waker};
use crate::platform::screenshot::PendingScreenshot;

/// How long a resting window waits before it looks again on its own while
/// it is new. (At 300 s a window opened on Home stayed black until the first
/// input on an X server without a window manager: its first frames came
/// before the window showed; this look draws it.)
const IDLE_WAIT: Duration = Duration::from_secs(10);

/// How long the window keeps looking every [`IDLE_WAIT`] after it opens.
const NEW_WINDOW: Duration = Duration::from_secs(30);

/// How long a settled window waits before it looks again on its own. Every
/// change wakes it anyway (input, a clock's alarm, a background task's
/// waker); a look only costs a frame, a tenth of a clock's frames at 10 s.
const SETTLED_WAIT: Duration = Duration::from_secs(300);

/// The window's side: reactive updates, the event-loop waker, and redraws
/// while something moves.
pub(crate) fn view_plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    })
    .insert_resource(TimeSource::Wall)
    .add_systems(Startup, install_waker)
    .add_systems(Last, settle_after_opening)
    .add_systems(
        PreUpdate,
        (drop_repeated_modifiers, give_egui_the_time_now)
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(Last, (keep_drawing_while_moving, wake_for_the_clock))
    .add_systems(
        PostUpdate,
        wake_when_egui_asks.after(EguiPostUpdateSet::EndPass).before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// egui asks for a later frame (a tooltip's delay, a text cursor's blink);
/// bevy_egui 0.42 passes on only requests for a frame at once, so an alarm
/// wakes the window when the later one is due.
fn wake_when_egui_asks(outputs: Query<&EguiFullOutput>, waker: Res<Waker>, mut alarm: Local<Option<Arc<Alarm>>>) {
    let delay = outputs
        .iter()
        .filter_map(|output| output.0.as_ref())
        .flat_map(|output| output.viewport_output.values().map(|viewport| viewport.repaint_delay))
        .min();
    // egui's "no frame wanted" is a delay of Duration::MAX; zero is bevy_egui's own.
    let due = delay.filter(|d| !d.is_zero() && *d <= IDLE_WAIT).map(|d| Instant::now() + d);
    if due.is_none() && alarm.is_none() {
        return;
    }
    alarm.get_or_insert_with(|| Alarm::start(waker.clone())).set(due);
}

/// A running clock wakes the resting window when its shown digits change
/// (every second, every tenth under ten seconds), and only then: an alarm
/// thread sleeps until that moment. (Changing the winit wait instead would
/// cost a frame at once each time: winit redraws on any new update mode.)
fn wake_for_the_clock(
    session: Res<GameSession>,
    timer: Res<TurnTimer>,
    waker: Res<Waker>,
    mut alarm: Local<Option<Arc<Alarm>>>,
) {
    let next = next_redraw(&session, &timer).map(|wait| Instant::now() + wait);
    if next.is_none() && alarm.is_none() {
        return;
    }
    let alarm = alarm.get_or_insert_with(|| Alarm::start(waker.clone()));
    alarm.set(next);
}

/// Once the window has been open for [`NEW_WINDOW`], its own looks go from
/// every [`IDLE_WAIT`] to every [`SETTLED_WAIT`] (once: winit draws a frame
/// whenever the update mode changes).
fn settle_after_opening(mut settings: ResMut<WinitSettings>, mut opened: Local<Option<Instant>>) {
    let wait = own_look_wait(opened.get_or_insert_with(Instant::now).elapsed());
    if settings.focused_mode != UpdateMode::reactive(wait) {
        *settings = WinitSettings {
            focused_mode: UpdateMode::reactive(wait),
            unfocused_mode: UpdateMode::reactive_low_power(wait),
        };
    }
}

/// How long the window waits before looking on its own, `age` after it opened.
fn own_look_wait(age: Duration) -> Duration {
    if age < NEW_WINDOW { IDLE_WAIT } else { SETTLED_WAIT }
}

fn install_waker(proxy: Option<Res<EventLoopProxyWrapper>>, mut commands: Commands) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = (**proxy).clone();
    commands.insert_resource(Waker(Some(Arc::new(move || {
        // A closed event loop means the window is gone; nothing to wake.
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    }))));
}

/// Pieces sliding or fading.
type Animated = Or<(With<MoveAnimation>, With<CaptureAnimation>)>;

/// What keeps the window drawing frame after frame.
#[derive(SystemParam)]
struct Motion<'w, 's> {
    moving: Query<'w, 's, (), Animated>,
    phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    next_phase: Res<'w, NextState<GamePhase>>,
    next_turn: Option<Res<'w, NextState<TurnPhase>>>,
    control: Res<'w, AiControl>,
    session: Res<'w, GameSession>,
    screenshot: Option<Res<'w, PendingScreenshot>>,
    mode: Res<'w, State<Mode>>,
    next_screen: Option<Res<'w, NextState<crate::game::screen::Screen>>>,
}

impl Motion<'_, '_> {
    fn needs_frame(&self) -> bool {
        // The mode follows the screen in the same transition.
        let switching = self.next_screen.as_ref().is_some_and(|n| !matches!(**n, NextState::Unchanged));
        if *self.mode.get() != Mode::Board {
            // The board game waits (in Flow or a menu); Flow's solve asks for its own frames.
            return switching || self.screenshot.is_some();
        }
        let transition = !matches!(*self.next_phase, NextState::Unchanged)
            || self.next_turn.as_ref().is_some_and(|n| !matches!(**n, NextState::Unchanged));
        // Deciding waits out the delay between watched moves, unless paused.
        let deciding = self.turn.as_ref().is_some_and(|t| *t.get() == TurnPhase::Deciding)
            && !self.control.paused()
            && !self.session.reviewing();
        !self.moving.is_empty()
            || *self.phase.get() == GamePhase::Setup
            || transition
            || deciding
            || self.screenshot.is_some()
            || switching
    }
}

/// Another frame is needed at once while pieces slide or fade, while the game
/// is set up or changes phase, while a turn waits out its delay, and until a
/// scripted screenshot is taken; and once after the window's size changes
/// (egui learns the new size a frame late and would show the old layout).
fn keep_drawing_while_moving(
    motion: Motion,
    mut resized: MessageReader<WindowResized>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let resized = resized.read().count() > 0;
    if motion.needs_frame() || resized {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui 0.42 tells egui the modifier keys' state as an event every
/// frame, and egui answers any event with a request for another frame: the
/// window would never rest. Only a real change of the modifiers is kept.
fn drop_repeated_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<bevy_egui::egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            bevy_egui::egui::Event::ModifiersChanged(now) => {
                let changed = *last != Some(*now);
                *last = Some(*now);
                changed
            }
            _ => true,
        });
    }
}

/// egui times a click from its press to its release, and bevy_egui tells
/// it Bevy's real time, which is when the previous frame finished: after a
/// rest a press was dated before the rest, its release after it, and the
/// click, longer than egui allows, was no click (a second click on the same
/// button, with no move of the mouse between, did nothing). egui is told
/// the time now.
fn give_egui_the_time_now(mut inputs: Query<&mut EguiInput>, time: Res<Time<Real>>) {
    let now = Instant::now().saturating_duration_since(time.startup()).as_secs_f64();
    for mut input in &mut inputs {
        // Never back: egui's times only go forward.
        let told = input.0.time.unwrap_or(0.0);
        input.0.time = Some(now.max(told));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    #[test]
    fn a_new_window_looks_often_and_a_settled_one_rarely() {
        assert_eq!(own_look_wait(Duration::ZERO), IDLE_WAIT);
        assert_eq!(own_look_wait(NEW_WINDOW - Duration::from_millis(1)), IDLE_WAIT);
        assert_eq!(own_look_wait(NEW_WINDOW), SETTLED_WAIT);
        assert!(SETTLED_WAIT > IDLE_WAIT);
    }

    #[test]
    fn egui_hears_the_time_now_and_not_when_the_last_frame_ended() {
        let mut world = World::new();
        // Bevy's real time as after a rest: started 5 s ago, last updated at its start.
        let started = Instant::now() - Duration::from_secs(5);
        world.insert_resource(Time::<Real>::new(started));
        let stale = bevy_egui::egui::RawInput { time: Some(0.0), ..Default::default() };
        let context = world.spawn(EguiInput(stale)).id();
        world.run_system_once(give_egui_the_time_now).expect("runs");
        let told = world.get::<EguiInput>(context).and_then(|input| input.0.time).expect("a time");
        assert!((5.0..6.0).contains(&told), "{told}");
        // A time already ahead is never taken back.
        world.get_mut::<EguiInput>(context).expect("the input").0.time = Some(1e6);
        world.run_system_once(give_egui_the_time_now).expect("runs");
        assert_eq!(world.get::<EguiInput>(context).and_then(|input| input.0.time), Some(1e6));
    }
}
