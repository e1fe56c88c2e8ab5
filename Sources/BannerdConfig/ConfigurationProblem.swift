import TOMLDecoding

/// One thing wrong with a config file or board profile: `path:line:column: message`.
public typealias ConfigurationProblem = FileProblem
