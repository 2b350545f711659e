package dev.pbs.montecarlo;

/**
 * What faulty replicas did to one configuration's operations ({@link dev.pbs.model.faults.Faults}).
 * Its P(consistent) and windows count only the trials whose write committed and whose read found
 * R replicas up.
 *
 * @param writeUnavailable writes that found fewer than W replicas up (Cassandra's Unavailable
 *     error), over all trials
 * @param readUnavailable reads at commit that found fewer than R replicas up, over the trials
 *     whose write committed
 * @param readWaitedForPause reads at a random instant that waited for a paused replica, over those
 *     that found R replicas up
 */
public record FaultEffects(
        ProportionEstimate writeUnavailable,
        ProportionEstimate readUnavailable,
        ProportionEstimate readWaitedForPause) {}
