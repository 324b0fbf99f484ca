package dev.framescope.physics.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The shapes physics tools return, named as in the MSD-CPP replay server's models so prompts written for it keep
 * working. Units are SI (m, m/s, kg, J, N); NaN read back from a NULL column is reported as null in JSON.
 */
public final class PhysicsModel {

    private PhysicsModel() {
    }

    /**
     * A body of the recording. Inertial bodies come from {@code AssetInertialStaticRecord}; environment (static)
     * bodies are never written there and appear only in contact rows with bit 31 set, so they are synthesised.
     *
     * @param bodyId        id as it appears in state, energy and contact rows (environment ids keep bit 31)
     * @param instanceId    engine instance id (bit 31 cleared)
     * @param isEnvironment a static body known only from contact rows; mass etc. are then null
     * @param name          the asset's name ({@code ObjectRecord.name}) when the recording links the body to one
     */
    public record BodyMetadata(long bodyId, long instanceId, boolean isEnvironment, Double mass, Double restitution,
                               Double friction, Long assetId, String name) {
    }

    public record FrameInfo(long frameId, double simulationTime) {
    }

    /**
     * Post-step state of one body. {@code angularVelocity} is derived as MSD-CPP defines it, ω = 2·vec(q̄ ⊗ q̇), from
     * the orientation and the stored quaternion rate (stored x, y, z, w).
     */
    public record BodyState(long bodyId, long frameId, Vec3 position, Vec3 velocity, Vec3 acceleration,
                            Quat orientation, Vec3 angularVelocity) {
    }

    /** A contact point: witness points on A and B (world) and depth in m, positive = overlap. */
    public record ContactPoint(Vec3 pointA, Vec3 pointB, double depth) {
    }

    /** One colliding pair in a frame; normal is a world unit vector from A to B; contacts found at step start. */
    public record CollisionInfo(@JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId, Vec3 normal, double penetrationDepth,
                                List<ContactPoint> contacts) {
    }

    /** One friction constraint row; lambdas in newtons as MSD-CPP documents them. */
    public record FrictionConstraintInfo(@JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId, Vec3 normal, Vec3 tangent1, Vec3 tangent2,
                                         Vec3 leverArmA, Vec3 leverArmB, double frictionCoefficient,
                                         double normalLambda, double tangent1Lambda, double tangent2Lambda) {
    }

    /** One contact constraint row: effective restitution and the normal relative velocity before the solve. */
    public record ContactConstraintInfo(@JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId, Vec3 normal, Vec3 leverArmA, Vec3 leverArmB,
                                        double penetrationDepth, double restitution,
                                        double preImpactRelVelNormal) {
    }

    /**
     * The solver row of a frame. {@code solved} is false on frames without collisions, where MSD-CPP writes an
     * all-zero row meaning "no solve" (older recordings repeat the last solve): such a row says nothing about
     * convergence.
     */
    public record SolverDiagnostics(long frameId, int iterations, double residual, boolean converged,
                                    int numConstraints, int numContacts, boolean solved) {
    }

    public record EnergyPoint(long bodyId, long frameId, double simulationTime, double linearKe,
                              double rotationalKe, double potentialE, double totalE) {
    }

    public record SystemEnergyPoint(long frameId, double simulationTime, double totalLinearKe,
                                    double totalRotationalKe, double totalPotentialE, double totalSystemE,
                                    double deltaE, boolean energyInjection, boolean collisionActive) {
    }
}
