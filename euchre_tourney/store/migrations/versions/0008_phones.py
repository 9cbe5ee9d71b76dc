"""scoring from phones: table secrets, phone settings, phone actions

Revision ID: 0008
Revises: 0005
Create Date: 2026-11-25 16:20:00

Adds three tables and changes none: ``table_secret`` (the secret each
table's QR code carries), ``phone_settings`` (per event: confirmation
required, the director's PIN hash, time called, prizes shown) and
``phone_action`` (what phones did, with each submission's idempotency key).
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0008'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('table_secret',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('secret', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('issued_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'table_number', name='uq_table_secret_event_table'),
    )
    with op.batch_alter_table('table_secret', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_secret_event_id'), ['event_id'], unique=False)
    op.create_table('phone_settings',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('confirm_required', sa.Boolean(), nullable=False),
    sa.Column('pin_hash', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('time_called_round', sa.Integer(), nullable=True),
    sa.Column('prizes_shown', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id'),
    )
    op.create_table('phone_action',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=True),
    sa.Column('hand_version', sa.Integer(), nullable=True),
    sa.Column('side', sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
    sa.Column('answer', sqlmodel.sql.sqltypes.AutoString(length=400), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.CheckConstraint("action IN ('enter', 'correct', 'agree', 'disagree', 'totals')", name='ck_phone_action_action'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'key', name='uq_phone_action_key'),
    )
    with op.batch_alter_table('phone_action', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_action_event_id'), ['event_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('phone_action', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_action_event_id'))
    op.drop_table('phone_action')
    op.drop_table('phone_settings')
    with op.batch_alter_table('table_secret', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_secret_event_id'))
    op.drop_table('table_secret')
