/** Turning bad input into 4xx answers with a JSON body that names the problem. */
package dev.pbs.service.errors;
