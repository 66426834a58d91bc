"""A seat's "your turn" notices: a webhook URL (or an address), its unsubscribe token's hash
and the last version it was told about (once per turn, across processes).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(8), primary_key=True),
        sa.Column("target", sa.String(500), nullable=False),
        sa.Column("link", sa.String(500), nullable=False, server_default=""),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("off_token", sa.String(64), nullable=False, unique=True),
        sa.Column("told_version", sa.Integer, nullable=False, server_default="-1"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )


def downgrade() -> None:
    op.drop_table("notices")
