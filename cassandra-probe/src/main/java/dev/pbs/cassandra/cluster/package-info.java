/**
 * Local clusters of real Apache Cassandra nodes on this machine, one JVM per node on its own
 * loopback address ({@link dev.pbs.cassandra.cluster.LocalCluster}): their folder and each node's
 * configuration, in one datacenter or in named ones, open or secured with passwords and TLS;
 * starting, stopping and warming them up; and the faults made on a node, pauses by SIGSTOP and
 * SIGCONT ({@link dev.pbs.cassandra.cluster.PauseRun}) and outages by SIGKILL and a restart ({@link
 * dev.pbs.cassandra.cluster.NodeOutage}), each timed on the wall and the monotonic clock. A node's
 * JVM is only ever signalled by the process id recorded when it was started, checked to be still
 * that node's.
 */
package dev.pbs.cassandra.cluster;
