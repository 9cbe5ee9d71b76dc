"""tables of six and side-game hands: six seats, the hand's side-game detail

Revision ID: 0010
Revises: 0005
Create Date: 2026-11-25 17:30:00

A table of six (six-player euchre, three against three) seats its players in
``seat1`` .. ``seat6`` (clockwise; seats 1, 3, 5 one side, 2, 4, 6 the
other), so the seat's check constraint also allows those six names. A hand of
a side game (six-player, bid euchre) keeps what the four-seat columns cannot
say -- the bid, the bidder's seat, a side's lone player -- as JSON in
``hand.detail_json`` ("" for every four-seat hand, so existing hands read as
before).
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

FOUR = "seat IN ('north', 'east', 'south', 'west')"
FOUR_OR_SIX = "seat IN ('north', 'east', 'south', 'west', 'seat1', 'seat2', 'seat3', 'seat4', 'seat5', 'seat6')"


def upgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_constraint('ck_seat_name', type_='check')
        batch_op.create_check_constraint('ck_seat_name', FOUR_OR_SIX)
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('detail_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('detail_json')
    op.execute("DELETE FROM seat WHERE seat LIKE 'seat%'")
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_constraint('ck_seat_name', type_='check')
        batch_op.create_check_constraint('ck_seat_name', FOUR)
