import ChoreoApps
import ChoreoJSON
import ChoreoProtocol
import Testing

/// Every limit is declared once; `daemon.info` reports them all from the declarations.
struct LimitsTests {
    @Test func daemonInfoReportsEveryDeclaredLimitInForce() throws {
        var limits = Limits()
        for (index, declaration) in Limits.declarations.enumerated() {
            declaration.setValue(declaration.minimum + Double(index + 1) * 7, in: &limits)
        }
        var harness = Harness(state: DaemonState(limits: limits, apps: AppCatalog.registry))
        let reported = try #require(harness.call("daemon.info")["limits"]?.objectValue)
        #expect(reported.keys.sorted() == Limits.declarations.map(\.name).sorted())
        for declaration in Limits.declarations {
            #expect(reported[declaration.name]?.doubleValue == declaration.value(in: limits), "\(declaration.name)")
            #expect(reported[declaration.name] != declaration.json(in: Limits()), "\(declaration.name) is not set")
        }
    }

    @Test func everyStoredLimitIsDeclared() {
        // Each declaration reads a distinct property: changing one changes only its own value.
        for declaration in Limits.declarations {
            var limits = Limits()
            declaration.setValue(declaration.defaultValue + 1, in: &limits)
            for other in Limits.declarations {
                let changed = other.value(in: limits) != other.defaultValue
                #expect(changed == (other.name == declaration.name), "\(declaration.name) vs \(other.name)")
            }
        }
        #expect(Set(Limits.declarations.map(\.name)).count == Limits.declarations.count)
        #expect(
            Limits.declarations.count == Mirror(reflecting: Limits()).children.count, "a Limits property is undeclared")
    }

    @Test func optionsAreTheNamesInKebabCase() {
        #expect(Limits.declaration(named: "maxSessions")?.option == "--max-sessions")
        #expect(
            Limits.declaration(named: "maxSubscriptionsPerConnection")?.option == "--max-subscriptions-per-connection")
        #expect(Limits.declaration(named: "defaultSettleTimeoutMs")?.option == "--default-settle-timeout-ms")
    }

    @Test func valuesBelowTheMinimumAreRefusedNamingTheOption() throws {
        let lineBytes = try #require(Limits.declaration(named: "maxLineBytes"))
        #expect(lineBytes.problem(with: 1023) == "--max-line-bytes must be at least 1024 bytes.")
        #expect(lineBytes.problem(with: 1024) == nil)
        let idle = try #require(Limits.declaration(named: "sessionIdleSeconds"))
        #expect(idle.problem(with: 0) == nil)
        #expect(idle.problem(with: -1) == "--session-idle-seconds must be at least 0 s (0: never).")
        #expect(idle.problem(with: .infinity) != nil)
    }

    @Test func theDocumentDescribesEveryLimitWithItsDefaultAndOption() throws {
        let methods = try #require(OpenRPCDocument.json(apps: AppCatalog.registry)["methods"]?.arrayValue)
        let info = try #require(methods.first { $0["name"] == "daemon.info" })
        let properties = try #require(info["result"]?["schema"]?["properties"]?["limits"]?["properties"]?.objectValue)
        #expect(properties.keys.sorted() == Limits.declarations.map(\.name).sorted())
        for declaration in Limits.declarations {
            let schema = try #require(properties[declaration.name])
            #expect(schema["default"] == declaration.json(in: Limits()))
            #expect(schema["description"]?.stringValue?.contains(declaration.option) == true)
        }
    }
}
