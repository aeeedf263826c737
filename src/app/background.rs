//! Background AI work yields the CPU to the frame loop: searches, hints and
//! series lower their own thread's scheduling priority, so on a machine whose
//! renderer needs the cores (software rendering, few cores) the frame rate holds
//! while the AI thinks, and the AI gets whatever is left.

/// Lowers the calling thread's priority (Unix "nice" 10). Only AI work runs on
/// the async compute pool and the series thread, so the setting may stay.
pub fn lower_current_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls with no pointers; on Linux PRIO_PROCESS with
        // a thread id applies to that thread only. Failure leaves priority as is.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            libc::setpriority(libc::PRIO_PROCESS, tid, 10);
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #[test]
    fn lowers_only_the_calling_thread() {
        // SAFETY: plain system calls with no pointers.
        let nice_of_this_thread =
            || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::syscall(libc::SYS_gettid) as libc::id_t) };
        let before = nice_of_this_thread();
        let lowered = std::thread::spawn(move || {
            super::lower_current_thread_priority();
            nice_of_this_thread()
        })
        .join()
        .expect("thread runs");
        assert_eq!(lowered, 10.max(before));
        assert_eq!(nice_of_this_thread(), before, "the caller's own thread keeps its priority");
    }
}
