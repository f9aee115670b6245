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
            let json = try JSONValue.parse(data)
            var contract = self.contract
            try contract.useApps(describedBy: try JourneyContract.descriptions(inFile: json))
            contract.addMethods(fromOpenRPC: ["methods": json["methods"] ?? []])
            return contract
        } catch {
            printError("journey: --contract \(file): \(error)")
            throw ExitCode(2)
        }
    }

    /// The entries of the daemon's document (`rpc.discover`) for methods this binary does not declare.
    static func unknownMethods(from client: ChoreoClient) async throws(ChoreoClientError) -> [JSONValue] {
        let known = Set(contract.methods.keys)
        return (try await client.call("rpc.discover")["methods"]?.arrayValue ?? []).filter {
            !known.contains($0["name"]?.stringValue ?? "")
        }
    }

    /// The contract with the apps of the daemon `client` talks to: this binary's own declarations of the methods it
    /// knows, and the daemon's document (`rpc.discover`) for those it does not (its apps' own commands).
    static func contract(client: ChoreoClient) async throws -> JourneyContract {
        do {
            var contract = self.contract
            try contract.useApps(describedBy: try await descriptions(from: client))
            contract.addMethods(fromOpenRPC: ["methods": .array(try await unknownMethods(from: client))])
            return contract
        } catch {
            printError("journey: cannot read the daemon's apps (app.describe): \(error)")
            throw ExitCode(2)
        }
    }
}
