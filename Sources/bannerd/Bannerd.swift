import ArgumentParser

/// The bannerd command line: one subcommand per job.
@main
struct Bannerd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bannerd",
        abstract: "An endless banner carousel that owns the screen (DRM/KMS, libinput, FreeType).",
        subcommands: [
            RunCommand.self, TraceCommand.self, RenderCommand.self, CheckCommand.self, DevicesCommand.self,
            CtlCommand.self,
        ]
    )
}
