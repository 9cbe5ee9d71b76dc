"""bracket match version: a result names the version it was entered on

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 02:10:00

Each bracket match's result carries a version (1 when entered, +1 at each
correction), as a hand does (0003): a result or a correction entered on a
stale view of the bracket (another station corrected the match, or a match
before it, meanwhile) names the version and the two teams it saw and is
refused instead of crediting a team that never played the match. Existing
results start at version 1.
"""

from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default=sa.text('1'), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.drop_column('version')
