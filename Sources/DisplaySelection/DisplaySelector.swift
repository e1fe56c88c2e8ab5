/// Chooses card, connector, CRTC, modes and rotation from enumerated resources, by capability rather than by
/// index (on some boards the display is not card0).
public enum DisplaySelector {
    /// The plan for the first usable card in path order, or why there is none.
    public static func plan(
        cards: [CardResources], configuration: DisplayConfiguration
    ) -> Result<DisplayPlan, SelectionFailure> {
        guard !cards.isEmpty else { return .failure(.noCards) }
        var candidates = cards.sorted { cardNumber($0.path) < cardNumber($1.path) }
        if let path = configuration.cardPath {
            candidates = candidates.filter { $0.path == path }
            guard !candidates.isEmpty else { return .failure(.cardNotFound(path: path)) }
        }
        if let name = configuration.connectorName,
            !candidates.contains(where: { $0.connectors.contains { $0.name == name } })
        {
            let available = candidates.flatMap { $0.connectors.map(\.name) }
            return .failure(.connectorNotFound(name: name, available: available))
        }
        var reasons: [String] = []
        for card in candidates {
            switch plan(card: card, configuration: configuration) {
            case .success(let plan): return .success(plan)
            case .failure(let reason): reasons.append("\(card.path): \(reason)")
            }
        }
        return .failure(.noUsableCard(reasons: reasons))
    }

    /// The connector this card would use: the configured one, else the first connected one with modes, else
    /// the first whose status the driver cannot tell but that has modes.
    public static func connector(on card: CardResources, named name: String?) -> ConnectorInfo? {
        if let name {
            return card.connectors.first { $0.name == name && $0.status != .disconnected && !$0.modes.isEmpty }
        }
        return card.connectors.first { $0.status == .connected && !$0.modes.isEmpty }
            ?? card.connectors.first { $0.status == .unknown && !$0.modes.isEmpty }
    }

    /// Every output of the card `plan` would choose, each with a CRTC of its own: the first plan's connector, then
    /// every other connected connector with modes, in the kernel's order. A connector no free CRTC can drive is
    /// left out (a card has fewer CRTCs than connectors); a configured connector means that one alone.
    ///
    /// `beside`: the outputs already shown. Then the plans are for the outputs of their card that are connected and
    /// not shown yet, on CRTCs they do not use (a display plugged in while others play): none when there are
    /// none; a configured connector that is connected but cannot be shown is a failure that says why.
    public static func plans(
        cards: [CardResources], configuration: DisplayConfiguration, beside shown: [DisplayPlan] = []
    ) -> Result<[DisplayPlan], SelectionFailure> {
        if let sibling = shown.first {
            guard let card = cards.first(where: { $0.path == sibling.cardPath }) else {
                return .failure(.cardNotFound(path: sibling.cardPath))
            }
            return morePlans(card: card, configuration: configuration, beside: shown)
        }
        return plan(cards: cards, configuration: configuration).flatMap { first in
            guard configuration.connectorName == nil, let card = cards.first(where: { $0.path == first.cardPath })
            else { return .success([first]) }
            return morePlans(card: card, configuration: configuration, beside: [first]).map { [first] + $0 }
        }
    }

    /// The plans for the connected outputs of `card` that `shown` does not show, each on a CRTC none of them uses.
    private static func morePlans(
        card: CardResources, configuration: DisplayConfiguration, beside shown: [DisplayPlan]
    ) -> Result<[DisplayPlan], SelectionFailure> {
        let shownConnectors = Set(shown.map(\.connector.id))
        var plans: [DisplayPlan] = []
        for connector in card.connectors
        where !shownConnectors.contains(connector.id) && connector.status == .connected && !connector.modes.isEmpty
            && (configuration.connectorName ?? connector.name) == connector.name
        {
            let taken = Set((shown + plans).map(\.crtcID))
            switch plan(card: card, connector: connector, configuration: configuration, excluding: taken) {
            case .success(let plan):
                plans.append(plan)
            case .failure(let reason):
                if configuration.connectorName != nil {
                    return .failure(.noUsableCard(reasons: ["\(card.path): \(reason)"]))
                }
            }
        }
        return .success(plans)
    }

    static func plan(card: CardResources, configuration: DisplayConfiguration) -> Result<DisplayPlan, PlanError> {
        guard card.supportsDumbBuffers else { return .failure(.noDumbBuffers(driver: card.driverName)) }
        guard let connector = connector(on: card, named: configuration.connectorName) else {
            if let name = configuration.connectorName, card.connectors.contains(where: { $0.name == name }) {
                return .failure(.connectorNotConnected(name))
            }
            return .failure(.nothingConnected(card.connectors.map(\.name)))
        }
        return plan(card: card, connector: connector, configuration: configuration, excluding: [])
    }

    /// The plan for `connector` of `card`, on a CRTC not in `excluding`.
    static func plan(
        card: CardResources, connector: ConnectorInfo, configuration: DisplayConfiguration, excluding: Set<UInt32>
    ) -> Result<DisplayPlan, PlanError> {
        guard
            let crtcID = CRTCSelection.crtcID(
                for: connector, encoders: card.encoders, crtcs: card.crtcs, excluding: excluding)
        else { return .failure(.noCRTC(connector.name)) }
        let current = card.crtcs.first { $0.id == crtcID }?.mode
        let modes = ModeSelection.candidates(modes: connector.modes, requested: configuration.mode, current: current)
        let available = configuration.mode.map { ModeSelection.requestIsAvailable($0, in: connector.modes) } ?? true
        let rotation = DisplayRotation.resolve(configured: configuration.rotation, panel: connector.panelOrientation)
        return .success(
            DisplayPlan(
                cardPath: card.path, connector: connector, crtcID: crtcID, modeCandidates: modes,
                rotation: rotation, requestedModeAvailable: available))
    }

    /// `/dev/dri/card10` sorts after `card2`; unnumbered paths go last.
    static func cardNumber(_ path: String) -> Int {
        let digits = path.reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed())) ?? Int.max
    }

    enum PlanError: Error, CustomStringConvertible {
        case noDumbBuffers(driver: String)
        case nothingConnected([String])
        case connectorNotConnected(String)
        case noCRTC(String)

        var description: String {
            switch self {
            case .noDumbBuffers(let driver): return "driver \(driver) offers no dumb buffers"
            case .nothingConnected(let names):
                return names.isEmpty
                    ? "no connectors" : "nothing connected to \(names.joined(separator: ", "))"
            case .connectorNotConnected(let name): return "\(name) is disconnected or has no modes"
            case .noCRTC(let name): return "no CRTC can drive \(name)"
            }
        }
    }
}
