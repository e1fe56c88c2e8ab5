import Raster
import TextLayout
import WallClock

/// Banners in display order, stored compactly: a manifest of 10,000 banners costs a few hundred KiB in a handful
/// of allocations, and only the banners asked for (on screen, being pre-rendered) become `Banner` values.
///
/// All text (ids, titles, subtitles, image paths, action names and parameters) lives in one UTF-8 buffer, each distinct
/// string once (the image path or subtitle many banners share is stored once); each banner is a 24-byte record
/// of string numbers and numbers into small tables of what banners share (colours, duration, schedule) and of patterns.
///
/// Equal lists hold the same banners with the same bytes: stricter than `String`'s `==`, which calls canonically
/// equivalent strings equal, where two image paths of different bytes name different files.
public struct BannerList: RandomAccessCollection, Equatable, Sendable {
    /// Which case of `BannerArtwork` a banner has.
    enum ArtworkKind: UInt8 {
        case none, file, pattern
    }

    /// What banners have in common, stored once for all that share it: usually one for a whole manifest.
    struct Attributes: Hashable {
        var background: Color
        var textColor: Color
        var duration: Duration?
        var artworkKind: ArtworkKind
        var hasAction: Bool
        var schedule: BannerSchedule?
        var direction: TextDirection?
        var loop: Bool
    }

    /// One banner: string numbers into `text` and numbers into the tables.
    struct Record: Equatable {
        var id: UInt32
        var title: UInt32
        var subtitle: UInt32
        /// The image path's string number (`.file`) or the pattern's number (`.pattern`).
        var artwork: UInt32
        var attributes: UInt32
        /// Where this banner's action strings end in `actionStrings`; they start where the previous banner's end.
        var actionEnd: UInt32
    }

    // Every distinct string's bytes, back to back; string n ends at `stringEnds[n]`. The storage depends only on
    // the banners in order (numbers are given on first use), so the synthesized `==` compares banners.
    var text: [UInt8] = []
    var stringEnds: [UInt32] = []
    var records: [Record] = []
    /// The string numbers of every action, banner after banner: its name, then each parameter's name and value.
    var actionStrings: [UInt32] = []
    var attributes: [Attributes] = []
    var patterns: [BannerPattern] = []

    /// No banners.
    public init() {}

    /// The banners of `banners`, in order.
    public init(_ banners: some Sequence<Banner>) {
        var builder = Builder()
        for banner in banners { builder.append(banner) }
        self = builder.list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// The banner at `position`, made from its record.
    public subscript(position: Int) -> Banner {
        let record = records[position]
        let shared = attributes[Int(record.attributes)]
        let artwork: BannerArtwork
        switch shared.artworkKind {
        case .none: artwork = .none
        case .file: artwork = .file(path: string(record.artwork))
        case .pattern: artwork = .pattern(patterns[Int(record.artwork)])
        }
        var action: BannerAction?
        if shared.hasAction {
            let start = position == 0 ? 0 : Int(records[position - 1].actionEnd)
            let strings = actionStrings[start..<Int(record.actionEnd)]
            action = BannerAction(
                name: string(strings[start]),
                parameters: stride(from: start + 1, to: strings.endIndex, by: 2).map {
                    BannerAction.Parameter(name: string(strings[$0]), value: string(strings[$0 + 1]))
                })
        }
        return Banner(
            id: string(record.id), title: string(record.title), subtitle: string(record.subtitle), artwork: artwork,
            background: shared.background, textColor: shared.textColor, duration: shared.duration, action: action,
            schedule: shared.schedule, direction: shared.direction, loop: shared.loop)
    }

    /// The duration of the banner at `position`, without making the whole banner (autoplay asks every frame).
    public func duration(at position: Int) -> Duration? {
        attributes[Int(records[position].attributes)].duration
    }

    /// The schedule of the banner at `position`, without making the whole banner (the timetable asks at each edge).
    public func schedule(at position: Int) -> BannerSchedule? {
        attributes[Int(records[position].attributes)].schedule
    }

    /// The bytes the list's storage holds, spare capacity aside: what a memory report attributes to the banners.
    public var storageBytes: Int {
        text.count + MemoryLayout<UInt32>.stride * (stringEnds.count + actionStrings.count)
            + MemoryLayout<Record>.stride * records.count + MemoryLayout<Attributes>.stride * attributes.count
            + MemoryLayout<BannerPattern>.stride * patterns.count
    }

    /// The bytes of string `number`.
    func utf8(_ number: UInt32) -> Range<Int> {
        let n = Int(number)
        return (n == 0 ? 0 : Int(stringEnds[n - 1]))..<Int(stringEnds[n])
    }

    private func string(_ number: UInt32) -> String {
        let range = utf8(number)
        return text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }
}

extension BannerList: ExpressibleByArrayLiteral {
    /// The banners listed, in order.
    public init(arrayLiteral banners: Banner...) {
        self.init(banners)
    }
}

extension BannerList: CustomStringConvertible {
    /// The banners as an array prints them (for test failures and logs).
    public var description: String { Array(self).description }
}
