"""seasons and elimination brackets

Revision ID: 0009
Revises: 0005
Create Date: 2026-11-25 16:40:00

Adds ``season`` (a group of events and how its standings count),
``season_event`` (the events picked for a season; no foreign key to
``event`` on purpose, see the model), ``bracket`` (a team event's
elimination bracket: kind, seeding, seeds) and ``bracket_match`` (each
match's final score). Ratings are not stored: they are replayed from the
stored hands and games (see ``tournament.ratings``). Nothing existing
changes.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=True),
    sa.Column('end_date', sa.Date(), nullable=True),
    sa.Column('basis', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('aggregate', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('best_nights', sa.Integer(), nullable=False),
    sa.Column('min_nights', sa.Integer(), nullable=False),
    sa.Column('placing_points', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('best_nights >= 0 AND min_nights >= 0', name='ck_season_counts'),
    sa.CheckConstraint("basis IN ('points', 'placings')", name='ck_season_basis'),
    sa.CheckConstraint("aggregate IN ('total', 'average')", name='ck_season_aggregate'),
    sa.PrimaryKeyConstraint('id'),
    )
    op.create_table('season_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('season_id', 'event_id', name='uq_season_event'),
    )
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_event_season_id'), ['season_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_season_event_event_id'), ['event_id'], unique=False)
    op.create_table('bracket',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('double', sa.Boolean(), nullable=False),
    sa.Column('consolation', sa.Boolean(), nullable=False),
    sa.Column('seeding', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('seeded_from', sa.Integer(), nullable=True),
    sa.Column('seeds_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', name='uq_bracket_event'),
    )
    with op.batch_alter_table('bracket', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bracket_event_id'), ['event_id'], unique=False)
    op.create_table('bracket_match',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('code', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('score_a', sa.Integer(), nullable=False),
    sa.Column('score_b', sa.Integer(), nullable=False),
    sa.Column('entered_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('score_a >= 0 AND score_b >= 0', name='ck_bracket_match_scores'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'code', name='uq_bracket_match_code'),
    )
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bracket_match_event_id'), ['event_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('bracket_match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bracket_match_event_id'))
    op.drop_table('bracket_match')
    with op.batch_alter_table('bracket', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bracket_event_id'))
    op.drop_table('bracket')
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_event_event_id'))
        batch_op.drop_index(batch_op.f('ix_season_event_season_id'))
    op.drop_table('season_event')
    op.drop_table('season')
