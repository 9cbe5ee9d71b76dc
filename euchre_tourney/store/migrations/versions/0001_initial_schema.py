"""initial schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-20 23:31:43.209959
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('hands_per_round', sa.Integer(), nullable=False),
    sa.Column('rules_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('sit_out_rule', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.CheckConstraint('hands_per_round >= 1', name='ck_event_hands'),
    sa.CheckConstraint('rounds >= 1', name='ck_event_rounds'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_name'), ['name'], unique=False)

    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('phone', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_name'), ['name'], unique=False)

    op.create_table('entrant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('checked_in', sa.Boolean(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'player_id', name='uq_entrant_event_player')
    )
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_entrant_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_entrant_player_id'), ['player_id'], unique=False)

    op.create_table('event_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'number', name='uq_round_event_number')
    )
    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_round_event_id'), ['event_id'], unique=False)

    op.create_table('hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('makers', sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
    sa.Column('maker_tricks', sa.Integer(), nullable=False),
    sa.Column('alone_seat', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=True),
    sa.Column('defender_alone', sa.Boolean(), nullable=False),
    sa.Column('scoring_side', sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('entered_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.CheckConstraint("makers IN ('NS', 'EW')", name='ck_hand_makers'),
    sa.CheckConstraint('maker_tricks BETWEEN 0 AND 5', name='ck_hand_tricks'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'table_number', 'number', name='uq_hand_round_table_number')
    )
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_round_id'), ['round_id'], unique=False)

    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
    sa.Column('entrant_id', sa.Integer(), nullable=False),
    sa.CheckConstraint("seat IN ('north', 'east', 'south', 'west')", name='ck_seat_name'),
    sa.ForeignKeyConstraint(['entrant_id'], ['entrant.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'entrant_id', name='uq_seat_round_entrant'),
    sa.UniqueConstraint('round_id', 'table_number', 'seat', name='uq_seat_round_table_seat')
    )
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_entrant_id'), ['entrant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seat_round_id'), ['round_id'], unique=False)

    op.create_table('sit_out',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('entrant_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['entrant_id'], ['entrant.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'entrant_id', name='uq_sitout_round_entrant')
    )
    with op.batch_alter_table('sit_out', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sit_out_entrant_id'), ['entrant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_sit_out_round_id'), ['round_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('sit_out', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sit_out_round_id'))
        batch_op.drop_index(batch_op.f('ix_sit_out_entrant_id'))

    op.drop_table('sit_out')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_round_id'))
        batch_op.drop_index(batch_op.f('ix_seat_entrant_id'))

    op.drop_table('seat')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_round_id'))

    op.drop_table('hand')
    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_round_event_id'))

    op.drop_table('event_round')
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_entrant_player_id'))
        batch_op.drop_index(batch_op.f('ix_entrant_event_id'))

    op.drop_table('entrant')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_name'))

    op.drop_table('player')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_name'))

    op.drop_table('event')
