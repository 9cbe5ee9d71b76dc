"""sections and captains: a big night split into sections, each with its own rotation, clock, lock and captain

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 14:00:00

Adds ``section`` (an event's sections: name, room, the offset of its
tables in the event's table numbers, the players it was made for, the
round in which time was called for it), ``section_lock`` (a round locked
for one section only), ``section_timer`` (a section's round clock) and
``captain`` (a captain's sections and phone PIN), and ``entrant.section_id``
(None: the night is not split). Existing events have no sections and play
as before: nothing is rewritten.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('section',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('room', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('first_table', sa.Integer(), nullable=False),
    sa.Column('capacity', sa.Integer(), nullable=False),
    sa.Column('time_called_round', sa.Integer(), nullable=True),
    sa.CheckConstraint('first_table >= 0 AND capacity >= 0', name='ck_section_numbers'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'name', name='uq_section_event_name'),
    sa.UniqueConstraint('event_id', 'position', name='uq_section_event_position'),
    )
    op.create_index(op.f('ix_section_event_id'), 'section', ['event_id'], unique=False)
    op.create_table('section_lock',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('section_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['section_id'], ['section.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('section_id', 'round_number', name='uq_section_lock_round'),
    )
    op.create_index(op.f('ix_section_lock_section_id'), 'section_lock', ['section_id'], unique=False)
    op.create_table('section_timer',
    sa.Column('section_id', sa.Integer(), nullable=False),
    sa.Column('ends_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('left_seconds', sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(['section_id'], ['section.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('section_id'),
    )
    op.create_table('captain',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('sections', sqlmodel.sql.sqltypes.AutoString(length=400), nullable=False),
    sa.Column('pin_hash', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('revoked', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'name', name='uq_captain_event_name'),
    )
    op.create_index(op.f('ix_captain_event_id'), 'captain', ['event_id'], unique=False)
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('section_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_entrant_section_id'), ['section_id'], unique=False)
        batch_op.create_foreign_key('fk_entrant_section_id', 'section', ['section_id'], ['id'], ondelete='SET NULL')


def downgrade() -> None:
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.drop_constraint('fk_entrant_section_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_entrant_section_id'))
        batch_op.drop_column('section_id')
    op.drop_index(op.f('ix_captain_event_id'), table_name='captain')
    op.drop_table('captain')
    op.drop_table('section_timer')
    op.drop_index(op.f('ix_section_lock_section_id'), table_name='section_lock')
    op.drop_table('section_lock')
    op.drop_index(op.f('ix_section_event_id'), table_name='section')
    op.drop_table('section')
