"""team events: teams, game scores, the event's team settings

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 23:20:00

Adds the ``team`` and ``team_game`` tables and four columns to ``event``
(``team_format``, ``round_scoring``, ``bye_rule``, ``first_round_order``)
with server defaults, so every existing (progressive) event keeps its rows
and reads as before.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('team_format', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default='round_robin'))
        batch_op.add_column(sa.Column('round_scoring', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False, server_default='hands'))
        batch_op.add_column(sa.Column('bye_rule', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False, server_default='win'))
        batch_op.add_column(sa.Column('first_round_order', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False, server_default='seed'))
    op.create_table('team',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('player_a_id', sa.Integer(), nullable=False),
    sa.Column('player_b_id', sa.Integer(), nullable=False),
    sa.Column('checked_in', sa.Boolean(), nullable=False),
    sa.Column('first_round', sa.Integer(), nullable=False),
    sa.Column('withdrawn_after', sa.Integer(), nullable=True),
    sa.CheckConstraint('player_a_id <> player_b_id', name='ck_team_two_players'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_a_id'], ['player.id'], ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['player_b_id'], ['player.id'], ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'number', name='uq_team_event_number'),
    sa.UniqueConstraint('event_id', 'player_a_id', name='uq_team_event_player_a'),
    sa.UniqueConstraint('event_id', 'player_b_id', name='uq_team_event_player_b'),
    )
    with op.batch_alter_table('team', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_event_id'), ['event_id'], unique=False)
    op.create_table('team_game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('ns_score', sa.Integer(), nullable=False),
    sa.Column('ew_score', sa.Integer(), nullable=False),
    sa.Column('entered_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('ns_score >= 0 AND ew_score >= 0', name='ck_team_game_scores'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'table_number', name='uq_team_game_round_table'),
    )
    with op.batch_alter_table('team_game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_game_round_id'), ['round_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('team_game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_game_round_id'))
    op.drop_table('team_game')
    with op.batch_alter_table('team', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_event_id'))
    op.drop_table('team')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('first_round_order')
        batch_op.drop_column('bye_rule')
        batch_op.drop_column('round_scoring')
        batch_op.drop_column('team_format')
