"""bracket match version: a result names the version it was entered on; a dispute in the audit trail

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 02:10:00

Each bracket match's result carries a version (1 when entered, +1 at each
correction), as a hand does (0003): a result or a correction entered on a
stale view of the bracket (another station corrected the match, or a match
before it, meanwhile) names the version and the two teams it saw and is
refused instead of crediting a team that never played the match. Existing
results start at version 1.

The audit trail (``hand_audit``) also records a hand a table disputed from
its phone (action "dispute"), so the hand's history says so and every
station's poll (the audit trail's highest id) redraws the Scores page,
which marks the disputed hand.
"""

from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


FIVE = "action IN ('record', 'correct', 'delete', 'lock', 'unlock')"
SIX = "action IN ('record', 'correct', 'delete', 'lock', 'unlock', 'dispute')"


def upgrade() -> None:
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default=sa.text('1'), nullable=False))
    with op.batch_alter_table('hand_audit', schema=None) as batch_op:
        batch_op.drop_constraint('ck_audit_action', type_='check')
        batch_op.create_check_constraint('ck_audit_action', SIX)


def downgrade() -> None:
    op.execute("DELETE FROM hand_audit WHERE action = 'dispute'")
    with op.batch_alter_table('hand_audit', schema=None) as batch_op:
        batch_op.drop_constraint('ck_audit_action', type_='check')
        batch_op.create_check_constraint('ck_audit_action', FIVE)
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.drop_column('version')
