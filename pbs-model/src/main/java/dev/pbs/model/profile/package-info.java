/**
 * Latency profiles: the WARS delay distributions of a system, per replica and per datacenter,
 * with their provenance; and the paper's built-in production fits.
 */
package dev.pbs.model.profile;
