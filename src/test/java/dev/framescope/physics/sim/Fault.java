package dev.framescope.physics.sim;

import dev.framescope.physics.store.Vec3;
import java.util.List;

/** A defect injected into the simulator at known frames, so a scene's ground truth is known exactly. */
interface Fault {

    Fault NONE = new Fault() {
    };

    /** May change the contacts found at the start of {@code frame} (drop them, flip normals). */
    default void contacts(long frame, List<Contact> contacts) {
    }

    /** Whether the solver enforces this contact at all (false: the body sinks into what it touches). */
    default boolean solvesNormal(long frame, Contact contact) {
        return true;
    }

    /** Multiplies the friction limit μλn the solver enforces. */
    default double frictionLimitScale(long frame, Contact contact) {
        return 1;
    }

    /** The restitution the solver uses, given the correct effective one. */
    default double restitution(long frame, Contact contact, double correct) {
        return correct;
    }

    /** May undo part of the solved impulses before integration (an engine that applies a pair's impulse to one body). */
    default void afterSolve(long frame, List<Contact> contacts) {
    }

    /** Whether position correction runs for {@code body} after {@code frame}'s integration. */
    default boolean correctsPosition(long frame, Body body) {
        return true;
    }

    /**
     * A velocity change applied to {@code body} after {@code frame}'s acceleration is taken, i.e. outside the
     * integrator, as a stray write to the velocity would be; null for none.
     */
    default Vec3 strayVelocity(long frame, Body body) {
        return null;
    }

    /**
     * The energy the recorder writes for one term of {@code body} at {@code frame} (linear, rotational, potential),
     * given the correct value: a recorder whose energy goes non-finite writes NaN, which cpp_sqlite stores as NULL.
     */
    default double recordedEnergy(long frame, Body body, double correct) {
        return correct;
    }

    /**
     * May reorder the contact pairs as the recorder writes them (each inner list is one pair's contacts), after the
     * solver used them in their own order: a recorder that writes rows in another order, with the same states.
     */
    default void recordedPairOrder(long frame, List<List<Contact>> pairs) {
    }

    /** Last chance to corrupt the state before {@code frame} is recorded. */
    default void afterIntegrate(long frame, World world) {
    }
}
