"""Host controls (spectators), the turn clock, the open-table cap and the clean-up.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("turn_seconds", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now())
        )
        batch.add_column(sa.Column("record", sa.Text, nullable=True))
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_tables_status_updated", ["status", "updated_at"])
        batch.create_index("ix_tables_creator_status", ["creator", "status"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_creator_status")
        batch.drop_index("ix_tables_status_updated")
        for column in ("archived_at", "record", "updated_at", "creator", "turn_seconds", "spectators"):
            batch.drop_column(column)
