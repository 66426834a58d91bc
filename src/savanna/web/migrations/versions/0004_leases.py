"""Leases: every server process has a heartbeat row, every table an owning process.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "servers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(32), nullable=True))
        batch.create_index("ix_tables_status_owner", ["status", "owner"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_status_owner")
        batch.drop_column("owner")
    op.drop_table("servers")
