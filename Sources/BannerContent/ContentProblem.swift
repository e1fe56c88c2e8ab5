import TOMLDecoding

/// One thing wrong with content (a manifest line, an image, the directory): `path:line:column: message`.
public typealias ContentProblem = FileProblem
