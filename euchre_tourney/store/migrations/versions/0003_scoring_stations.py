"""scoring stations: hand.station and hand.version, round locks, the audit trail

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 23:30:00

Runs on SQLite (batch mode; the added columns need no table rebuild) and
on PostgreSQL. Hands recorded before this revision get station "" and
version 1.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('station', sqlmodel.sql.sqltypes.AutoString(length=60), server_default='', nullable=False))
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default=sa.text('1'), nullable=False))

    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locked', sa.Boolean(), server_default=sa.false(), nullable=False))

    op.create_table('hand_audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('hand_number', sa.Integer(), nullable=True),
    sa.Column('hand_id', sa.Integer(), nullable=True),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('station', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('old', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('new', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.CheckConstraint("action IN ('record', 'correct', 'delete', 'lock', 'unlock')", name='ck_audit_action'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('hand_audit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_audit_event_id'), ['event_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('hand_audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_audit_event_id'))
    op.drop_table('hand_audit')
    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.drop_column('locked')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('version')
        batch_op.drop_column('station')
