package dev.pbs.cassandra.cluster;

import java.util.OptionalLong;

/**
 * One node of a local cluster as seen now.
 *
 * @param index 1-based
 * @param address its listen and native address, 127.0.0.{index}
 * @param datacenter its datacenter ({@code datacenter1} unless the cluster's datacenters are named)
 * @param pid the process id of its JVM, if it runs
 * @param nativePortOpen whether it accepts CQL connections on port 9042
 */
public record NodeStatus(int index, String address, String datacenter, OptionalLong pid, boolean nativePortOpen) {

    public boolean running() {
        return pid.isPresent();
    }

    /** {@code up} (serving CQL), {@code starting} (process alive, port closed) or {@code down}. */
    public String state() {
        if (!running()) {
            return "down";
        }
        return nativePortOpen ? "up" : "starting";
    }

    /** {@code address:9042}. */
    public String contactPoint() {
        return address + ":" + NodeConfiguration.NATIVE_PORT;
    }
}
