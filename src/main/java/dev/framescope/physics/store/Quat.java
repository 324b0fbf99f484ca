package dev.framescope.physics.store;

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

    /** The inverse rotation of a unit quaternion: (w, −x, −y, −z). */
    public Quat conjugate() {
        return new Quat(w, -x, -y, -z);
    }

    public Quat normalized() {
        return scaled(1 / norm());
    }

    /** This rotation applied to {@code v}. */
    public Vec3 rotate(Vec3 v) {
        Quat r = times(new Quat(0, v.x(), v.y(), v.z())).times(conjugate());
        return new Vec3(r.x, r.y, r.z);
    }

    /**
     * Angular velocity from this orientation and its rate q̇, exactly as MSD-CPP's
     * {@code InertialState::quaternionRateToOmega} defines it: ω = 2·vec(q̄ ⊗ q̇). MSD calls the result world-frame;
     * textbook kinematics calls it body-frame; |ω| is the same either way.
     */
    public Vec3 omegaFromRate(Quat rate) {
        double[] v = {w, x, y, z, rate.w, rate.x, rate.y, rate.z, 0, 0, 0};
        omegaFromRate(v, 0, 4, 8);
        return new Vec3(v[8], v[9], v[10]);
    }

    /**
     * {@link #omegaFromRate} in place: q at {@code q} and q̇ at {@code rate} (each w, x, y, z), ω written at
     * {@code omega}. The read of a whole recording calls it per state; C1, the only compiler the launcher runs, does
     * not remove the two quaternions and the vector a call on objects makes, and their garbage brought young
     * collections (20–60 ms pauses) into the calls made while a recording loads.
     */
    static void omegaFromRate(double[] v, int q, int rate, int omega) {
        double w = v[q], x = v[q + 1], y = v[q + 2], z = v[q + 3];
        double rw = v[rate], rx = v[rate + 1], ry = v[rate + 2], rz = v[rate + 3];
        v[omega] = 2 * (w * rx - x * rw - y * rz + z * ry);
        v[omega + 1] = 2 * (w * ry + x * rz - y * rw - z * rx);
        v[omega + 2] = 2 * (w * rz - x * ry + y * rx - z * rw);
    }

    /** The rate q̇ = ½ q ⊗ (0, ω) that {@link #omegaFromRate} inverts. */
    public Quat rateFromOmega(Vec3 omega) {
        return times(new Quat(0, omega.x(), omega.y(), omega.z())).scaled(0.5);
    }
}
