/**
 * Prometheus exposition of the service's metrics on the admin port ({@code /metrics}), every family named by
 * Prometheus's conventions: the request histogram recorded from Jersey's events, the service's and the probes'
 * families read at scrape time, a few of Dropwizard's registry under snake_case names, and the JVM's.
 */
package dev.pbs.service.metrics;
