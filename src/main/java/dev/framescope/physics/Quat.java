package dev.framescope.physics;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** A quaternion (w, x, y, z), as MSD-CPP stores orientations. */
public record Quat(double w, double x, double y, double z) {

    public static final Quat IDENTITY = new Quat(1, 0, 0, 0);

    public double norm() {
        return Math.sqrt(w * w + x * x + y * y + z * z);
    }

    @JsonIgnore
    public boolean isFinite() {
        return Double.isFinite(w) && Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z);
    }

    public Quat times(Quat o) {
        return new Quat(w * o.w - x * o.x - y * o.y - z * o.z,
                w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x,
                w * o.z + x * o.y - y * o.x + z * o.w);
    }

    public Quat plus(Quat o) {
        return new Quat(w + o.w, x + o.x, y + o.y, z + o.z);
    }

    public Quat scaled(double s) {
        return new Quat(w * s, x * s, y * s, z * s);
    }

    public Quat normalized() {
        return scaled(1 / norm());
    }

    /** This rotation applied to {@code v}. */
    public Vec3 rotate(Vec3 v) {
        Quat r = times(new Quat(0, v.x(), v.y(), v.z())).times(new Quat(w, -x, -y, -z));
        return new Vec3(r.x, r.y, r.z);
    }

    /**
     * Angular velocity from this orientation and its rate q̇, exactly as MSD-CPP's
     * {@code InertialState::quaternionRateToOmega} defines it: ω = 2·vec(q̄ ⊗ q̇). MSD calls the result world-frame;
     * textbook kinematics calls it body-frame; |ω| is the same either way.
     */
    public Vec3 omegaFromRate(Quat rate) {
        return new Vec3(
                2 * (w * rate.x - x * rate.w - y * rate.z + z * rate.y),
                2 * (w * rate.y + x * rate.z - y * rate.w - z * rate.x),
                2 * (w * rate.z - x * rate.y + y * rate.x - z * rate.w));
    }

    /** The rate q̇ = ½ q ⊗ (0, ω) that {@link #omegaFromRate} inverts. */
    public Quat rateFromOmega(Vec3 omega) {
        return times(new Quat(0, omega.x(), omega.y(), omega.z())).scaled(0.5);
    }
}
