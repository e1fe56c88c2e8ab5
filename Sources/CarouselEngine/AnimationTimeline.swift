/// When each frame of an animation shows: its frames' durations one after the other, the whole played `plays`
/// times (nil: for ever), the last frame staying on once the plays are done (as browsers leave a GIF).
///
/// Time is what has passed since the animation began to show, so the same elapsed time always shows the same
/// frame: the loop can wake late, or twice, and never skip ahead or fall behind the file's own rate.
public struct AnimationTimeline: Equatable, Sendable {
    /// Where each frame begins within one play.
    private let starts: [Duration]
    /// One play, every frame's duration summed.
    public let playLength: Duration
    public let plays: Int?

    /// A timeline of `durations` (each longer than zero), played `plays` times; nil when it shows nothing moving (one
    /// frame, or no play).
    public init?(durations: [Duration], plays: Int?) {
        guard durations.count > 1, plays.map({ $0 > 0 }) ?? true, durations.allSatisfy({ $0 > .zero }) else {
            return nil
        }
        var starts: [Duration] = []
        starts.reserveCapacity(durations.count)
        var sum = Duration.zero
        for duration in durations {
            starts.append(sum)
            sum += duration
        }
        self.starts = starts
        self.playLength = sum
        self.plays = plays
    }

    public var frameCount: Int { starts.count }

    /// The frame showing `elapsed` after the animation began.
    public func frame(at elapsed: Duration) -> Int {
        position(at: elapsed).frame
    }

    /// When, counted from the animation's beginning, the frame showing at `elapsed` gives way to the next; nil once
    /// the last play has reached its last frame, which stays.
    public func nextChange(after elapsed: Duration) -> Duration? {
        let (play, frame) = position(at: elapsed)
        let isLast = frame == starts.count - 1
        if isLast, let plays, play >= plays - 1 { return nil }
        return playLength * play + (isLast ? playLength : starts[frame + 1])
    }

    /// The play and the frame within it at `elapsed`: the last frame of the last play after the plays are done.
    private func position(at elapsed: Duration) -> (play: Int, frame: Int) {
        guard elapsed > .zero else { return (0, 0) }
        let play = playsBegun(by: elapsed) - 1
        if let plays, play >= plays { return (plays - 1, starts.count - 1) }
        let offset = elapsed - playLength * play
        // The last frame beginning at or before `offset`: a binary search, as a long animation has thousands.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (play, low)
    }

    /// How many plays have begun by `elapsed` (more than zero): Duration's division is a Double's, so its whole part
    /// is checked against the exact products.
    private func playsBegun(by elapsed: Duration) -> Int {
        var begun = Int(elapsed / playLength) + 1
        while begun > 1, playLength * (begun - 1) > elapsed { begun -= 1 }
        while playLength * begun <= elapsed { begun += 1 }
        return begun
    }
}
