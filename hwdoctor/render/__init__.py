"""Rendering: human (Rich), JSON (versioned envelope). Only this package writes output."""
