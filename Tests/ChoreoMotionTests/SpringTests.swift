import ChoreoMotion
import Testing

struct SpringTests {
    @Test func responseInitializerFollowsSwiftUI() {
        let spring = Spring(response: 0.6, dampingFraction: 0.7)
        let omega = 2 * Double.pi / 0.6
        #expect(spring.mass == 1)
        #expect(isClose(spring.stiffness, omega * omega, relative: 1e-15))
        #expect(isClose(spring.damping, 4 * Double.pi * 0.7 / 0.6, relative: 1e-15))
        #expect(isClose(spring.naturalFrequency, omega, relative: 1e-15))
        #expect(isClose(spring.dampingRatio, 0.7, relative: 1e-15))
        #expect(isClose(spring.response, 0.6, relative: 1e-15))
    }

    @Test func bounceMapsToADampingRatio() {
        #expect(isClose(Spring(duration: 0.5, bounce: 0.3).dampingRatio, 0.7, relative: 1e-15))
        #expect(isClose(Spring(duration: 0.5, bounce: 0).dampingRatio, 1, relative: 1e-15))
        #expect(isClose(Spring(duration: 0.5, bounce: -0.3).dampingRatio, 1 / 0.7, relative: 1e-15))
        #expect(isClose(Spring(duration: 0.5, bounce: -0.3).response, 0.5, relative: 1e-15))
        #expect(Spring(duration: 0.5, bounce: 0.3) == Spring(response: 0.5, dampingFraction: 0.7))
    }

    @Test func interpolatingSpringKeepsItsCoefficients() {
        let spring = Spring(stiffness: 200, damping: 30, mass: 2)
        #expect(spring.stiffness == 200)
        #expect(spring.damping == 30)
        #expect(spring.mass == 2)
        #expect(isClose(spring.naturalFrequency, 10, relative: 1e-15))
        #expect(isClose(spring.dampingRatio, 0.75, relative: 1e-15))
        #expect(isClose(spring.response, 2 * Double.pi / 10, relative: 1e-15))
        #expect(isClose(spring.decayRate, 7.5, relative: 1e-15))
        #expect(Spring(stiffness: 130, damping: 12).mass == 1)
    }
}
