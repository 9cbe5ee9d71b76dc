"""entry modes and the room: round totals, tables finished early, timer, prizes

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 00:20:00

Adds ``entry_mode`` ("hands"), ``minutes_per_round`` (0) and ``prizes_json``
("") to ``event`` with server defaults, so existing events read as before
(hand by hand, no timer, the default prizes), and the ``table_result`` table
(a table's round totals and/or "finished early").
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('entry_mode', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False, server_default='hands'))
        batch_op.add_column(sa.Column('minutes_per_round', sa.Integer(), nullable=False, server_default=sa.text('0')))
        batch_op.add_column(sa.Column('prizes_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default=''))
    op.create_table('table_result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('finished_early', sa.Boolean(), nullable=False),
    sa.Column('ns_points', sa.Integer(), nullable=True),
    sa.Column('ew_points', sa.Integer(), nullable=True),
    sa.Column('ns_loners_n', sa.Integer(), nullable=False),
    sa.Column('ns_loners_s', sa.Integer(), nullable=False),
    sa.Column('ew_loners_e', sa.Integer(), nullable=False),
    sa.Column('ew_loners_w', sa.Integer(), nullable=False),
    sa.Column('entered_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('ns_loners_n >= 0 AND ns_loners_s >= 0 AND ew_loners_e >= 0 AND ew_loners_w >= 0', name='ck_table_result_loners'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'table_number', name='uq_table_result_round_table'),
    )
    with op.batch_alter_table('table_result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_result_round_id'), ['round_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('table_result', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_result_round_id'))
    op.drop_table('table_result')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('prizes_json')
        batch_op.drop_column('minutes_per_round')
        batch_op.drop_column('entry_mode')
