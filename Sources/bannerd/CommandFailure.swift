/// A one-line failure for the user, printed without the usage text (the arguments were fine; the input was not).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
