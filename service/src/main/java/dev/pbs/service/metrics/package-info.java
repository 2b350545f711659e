/** Prometheus exposition of the service's metrics on the admin port ({@code /metrics}). */
package dev.pbs.service.metrics;
