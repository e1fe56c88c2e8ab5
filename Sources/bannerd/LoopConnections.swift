import ChildProcess
import EventLoop
import KMSDisplay
import LibinputSource
import ServiceIO
import VirtualTerminal

/// What the loop is connected to besides the display: the descriptors it polls (signals, the threads' wake-ups,
/// udev's display events, the content directory, the wall clock, input, the control socket, tap actions), and the
/// console and systemd it answers to. Made once at start; one that could not be opened is nil, and the loop runs
/// without it.
struct LoopConnections {
    /// SIGTERM, SIGINT and SIGHUP, read as a descriptor.
    let signals: SignalWatcher
    /// The threads beside the loop (`LoopThreads`) wake it through this.
    let wakeSignal: WakeSignal
    /// udev's drm events: a display plugged in or out.
    let hotplug: DRMHotplugMonitor?
    /// Each content directory's watcher (the outputs' directories that exist).
    let contentWatchers: [DirectoryWatcher]
    /// Readable when the wall clock is set, so the schedules are looked at again.
    let clockChanges: ClockChangeWatcher?
    let input: LibinputInput?
    let control: ControlServer?
    /// Tap actions running in the background.
    let actions: ActionRunner
    /// The console bannerd took over, given back at exit.
    let terminal: VirtualTerminal?
    let notifier: SystemdNotifier?

    /// The descriptors to poll, with each output's display and CEC adapter: rebuilt in place at each wake-up
    /// (clients and devices come and go) without allocating.
    func collect(into set: inout [Int32], outputs: [OutputLoop]) {
        set.removeAll(keepingCapacity: true)
        set.append(signals.fileDescriptor)
        set.append(wakeSignal.fileDescriptor)
        for output in outputs {
            // The outputs of one card share its descriptor: polled once.
            if let display = output.screen?.device.pollDescriptor, !set.contains(display) { set.append(display) }
            if let tv = output.tv?.fileDescriptor { set.append(tv) }
        }
        if let hotplug { set.append(hotplug.fileDescriptor) }
        for watcher in contentWatchers { set.append(watcher.fileDescriptor) }
        if let clockChanges { set.append(clockChanges.fileDescriptor) }
        if let input { set.append(input.fileDescriptor) }
        control?.appendPollDescriptors(to: &set)
        actions.appendPollDescriptors(to: &set)
    }
}
