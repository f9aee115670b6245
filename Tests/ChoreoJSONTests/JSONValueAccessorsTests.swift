import ChoreoJSON
import Testing

@Suite("Accessors and literals")
struct JSONValueAccessorsTests {
    @Test("Literals build the matching cases")
    func literalsBuildCases() {
        let null: JSONValue = nil
        let bool: JSONValue = true
        let int: JSONValue = 42
        let double: JSONValue = 2.5
        let string: JSONValue = "s"
        let array: JSONValue = [1, "a", nil]
        let object: JSONValue = ["k": [true]]
        #expect(null == .null)
        #expect(bool == .bool(true))
        #expect(int == .int(42))
        #expect(double == .double(2.5))
        #expect(string == .string("s"))
        #expect(array == .array([.int(1), .string("a"), .null]))
        #expect(object == .object(["k": .array([.bool(true)])]))
    }

    @Test("Typed accessors return the payload only for their own kind")
    func typedAccessors() {
        #expect(JSONValue.null.isNull)
        #expect(!JSONValue.int(0).isNull)
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.int(0).boolValue == nil)
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.array([1]).arrayValue == [1])
        #expect(JSONValue.object([:]).arrayValue == nil)
        #expect(JSONValue.object(["a": 1]).objectValue == ["a": 1])
        #expect(JSONValue.array([]).objectValue == nil)
    }

    @Test(
        "intValue accepts integers and exactly integral doubles in range",
        arguments: [
            (JSONValue.int(7), Int64?.some(7)),
            (.double(7), 7),
            (.double(-0.0), 0),
            (.double(7.5), nil),
            (.double(9_223_372_036_854_775_808.0), nil),
            (.double(.nan), nil),
            (.double(.infinity), nil),
            (.string("7"), nil),
            (.bool(true), nil),
        ])
    func intValue(value: JSONValue, expected: Int64?) {
        #expect(value.intValue == expected)
    }

    @Test("doubleValue accepts integers and doubles")
    func doubleValue() {
        #expect(JSONValue.int(3).doubleValue == 3)
        #expect(JSONValue.double(0.5).doubleValue == 0.5)
        #expect(JSONValue.string("0.5").doubleValue == nil)
    }

    @Test("Subscripts return nil for a missing key, an out-of-range index or the wrong kind")
    func subscripts() {
        let value: JSONValue = ["list": [10, 20], "name": "n"]
        #expect(value["name"] == "n")
        #expect(value["missing"] == nil)
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(value["name"]?["x"] == nil)
    }

    @Test(
        "typeName names the JSON type",
        arguments: [
            (JSONValue.null, "null"), (.bool(true), "boolean"), (.int(1), "integer"), (.double(1.5), "number"),
            (.string(""), "string"), (.array([]), "array"), (.object([:]), "object"),
        ])
    func typeName(value: JSONValue, expected: String) {
        #expect(value.typeName == expected)
    }

    @Test(
        "number(_:) is .int for integral doubles below 2^53 and .double otherwise",
        arguments: [
            (400.0, "integer"), (-3.0, "integer"), (-0.0, "integer"), (9_007_199_254_740_991.0, "integer"),
            (9_007_199_254_740_992.0, "number"), (0.5, "number"), (1e300, "number"), (Double.infinity, "number"),
        ])
    func numberChoosesCase(number: Double, expectedType: String) {
        let value = JSONValue.number(number)
        #expect(value.typeName == expectedType)
        #expect(value.doubleValue == number)
    }
}
