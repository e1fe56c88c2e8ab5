import WallClock

/// bannerd.toml's `[schedule]`: the screen is lit from `start` (its `on`) to `end` (its `off`) on each of `days`.
public typealias ScreenSchedule = DailyWindow
