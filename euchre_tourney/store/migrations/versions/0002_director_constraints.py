"""director constraints

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-20 23:50:42.907341
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('event_constraint',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('other_player_id', sa.Integer(), nullable=True),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('round_number', sa.Integer(), nullable=True),
    sa.CheckConstraint("kind IN ('pin_table', 'no_partner', 'sit_out')", name='ck_constraint_kind'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['other_player_id'], ['player.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('event_constraint', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_constraint_event_id'), ['event_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('event_constraint', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_constraint_event_id'))

    op.drop_table('event_constraint')
