"""the round timer saved with the event

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 16:30:00

Adds the ``round_timer`` table: one row per event whose timer was started
(its end time while running, the seconds left while paused), so a timer
running when the app closes is still running when it opens again. Events
without a row have a reset timer, as before.
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('round_timer',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('ends_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('left_seconds', sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id'),
    )


def downgrade() -> None:
    op.drop_table('round_timer')
