import ArgumentParser
import ChoreoClient
import ChoreoJSON
import Foundation
import JourneyKit

extension DaemonContract {
    /// Every app a daemon hosts, as `app.describe` answers, in `daemon.info`'s order.
    static func descriptions(from client: ChoreoClient) async throws(ChoreoClientError) -> [JSONValue] {
        let info = try await client.call("daemon.info")
        var descriptions: [JSONValue] = []
        for app in info["apps"]?.arrayValue ?? [] {
            descriptions.append(try await client.call("app.describe", ["app": app]))
        }
        return descriptions
    }

    /// The contract with the apps of a contract file (`journey contract --save`).
    static func contract(file: String) throws -> JourneyContract {
        do {
            let data = try String(contentsOfFile: file, encoding: .utf8)
            var contract = self.contract
            try contract.useApps(describedBy: try JourneyContract.descriptions(inFile: try JSONValue.parse(data)))
            return contract
        } catch {
            printError("journey: --contract \(file): \(error)")
            throw ExitCode(2)
        }
    }

    /// The contract with the apps of the daemon `client` talks to; this binary's own methods (a daemon of the
    /// same Choreo serves the same ones; its apps are what vary).
    static func contract(client: ChoreoClient) async throws -> JourneyContract {
        do {
            var contract = self.contract
            try contract.useApps(describedBy: try await descriptions(from: client))
            return contract
        } catch {
            printError("journey: cannot read the daemon's apps (app.describe): \(error)")
            throw ExitCode(2)
        }
    }
}
