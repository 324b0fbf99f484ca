package dev.framescope.physics.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class QuatTest {

    @Test
    void omegaFromRateInvertsRateFromOmega() {
        Quat q = new Quat(0.9, 0.1, -0.3, 0.2).normalized();
        Vec3 omega = new Vec3(0.4, -1.2, 2.5);
        Vec3 back = q.omegaFromRate(q.rateFromOmega(omega));
        assertEquals(omega.x(), back.x(), 1e-12);
        assertEquals(omega.y(), back.y(), 1e-12);
        assertEquals(omega.z(), back.z(), 1e-12);
    }

    @Test
    void matchesMsdFormulaComponentByComponent() {
        Quat q = new Quat(1, 0, 0, 0);
        Quat rate = new Quat(0, 0.5, 0, 0); // q̇ = ½ q ⊗ (0, ω) with ω = (1, 0, 0)
        assertEquals(new Vec3(1, 0, 0), q.omegaFromRate(rate));
    }
}
