/** Thin JAX-RS resources under {@code /api/v1}: HTTP in, a call into core, HTTP out. */
package dev.pbs.service.resources;
