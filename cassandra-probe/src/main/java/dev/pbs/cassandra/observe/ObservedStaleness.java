package dev.pbs.cassandra.observe;

import java.util.List;

/**
 * The result of an observed-staleness run beside the prediction.
 *
 * @param n replicas per key (the keyspace's replication factor)
 * @param readReplicas R
 * @param writeReplicas W
 * @param writes writes acknowledged (each read back at every t)
 * @param failedWrites writes that failed
 * @param failedReads reads that failed (not counted in any point)
 * @param coordinatorIsReplica whether every coordinator was itself a replica (nodes = N), as the prediction assumed
 * @param points one per t
 */
public record ObservedStaleness(int n, int readReplicas, int writeReplicas, long writes, long failedWrites,
                                long failedReads, boolean coordinatorIsReplica, List<ObservedPoint> points) {

    public ObservedStaleness {
        points = List.copyOf(points);
    }

    /** Root mean square of observed minus predicted P(consistent) over the t grid (a fraction). */
    public double rmse() {
        double sum = 0;
        for (ObservedPoint point : points) {
            double difference = point.observed().estimate() - point.predicted().estimate();
            sum += difference * difference;
        }
        return Math.sqrt(sum / points.size());
    }

    /**
     * The RMSE that sampling noise alone would give if the prediction were exact: the root mean
     * of p(1 - p)/n over the grid, with p the predicted probability and n the reads at that t.
     */
    public double noiseFloor() {
        double sum = 0;
        for (ObservedPoint point : points) {
            double p = point.predicted().estimate();
            long reads = Math.max(1, point.observed().trials());
            sum += p * (1 - p) / reads;
        }
        return Math.sqrt(sum / points.size());
    }
}
