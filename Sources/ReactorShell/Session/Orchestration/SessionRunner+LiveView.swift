extension SessionRunner {
    // MARK: The live view (`:serve`, `--serve`)

    /// The session's live view, made on first use.
    var liveViewController: LiveViewController {
        if let liveView { return liveView }
        let controller = LiveViewController(runner: self, shellName: configuration.identity.name)
        liveView = controller
        return controller
    }

    /// Starts the live view with `settings`, its log beginning with the events of the lines run so
    /// far; waits until it listens. An error message when it cannot start.
    func startLiveView(_ settings: LiveViewSettings) async -> String? {
        let earlier = recorder.record.lineCount == 0
            ? [] : await LiveEventReplay.events(of: recorder.record.topLevelLines, registry: registry, configuration: configuration, summary: false)
        let controller = liveViewController
        if let problem = controller.start(settings, catchingUp: earlier) { return problem }
        guard await controller.waitUntilListening() else {
            stopLiveView()
            return "the live view's server did not start"
        }
        return nil
    }

    /// Stops the live view, if it runs.
    func stopLiveView() {
        liveView?.stop()
    }

    /// `:serve [PORT]`.
    func serve(port: Int?) async -> CommandOutcome {
        var settings = liveView?.settings ?? configuration.liveView ?? LiveViewSettings()
        if let port { settings.port = port }
        if let problem = await startLiveView(settings) { return output.fail(problem) }
        return .succeeded
    }

    /// `:serve stop`.
    func stopServing() -> CommandOutcome {
        guard liveView?.isServing == true else { return output.fail("the live view is not running (start it with :serve)") }
        stopLiveView()
        output.printer.text("live view stopped")
        return .succeeded
    }
}
