"""club settings and the results e-mails: the club's name, site and mail server; one row per member mailed

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29 13:45:00

``club_settings`` (one row) holds what the published site, the share
images and the results e-mails need once for the club: its name, the
published site's address, whether members get a page of their own on the
site (off), and the outgoing mail server (host, port, SSL or STARTTLS, user,
sender). The password is kept in the system's keyring, never here.

``mail_record`` holds one row per member mailed a night's results, written
before the message goes to the server and after it: a send that stops
half-way resumes without mailing anyone twice.
"""

from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'club_settings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_name', sa.String(length=200), nullable=False),
        sa.Column('site_url', sa.String(length=500), nullable=False),
        sa.Column('publish_members', sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column('smtp_host', sa.String(length=200), nullable=False),
        sa.Column('smtp_port', sa.Integer(), nullable=False),
        sa.Column('smtp_security', sa.String(length=10), nullable=False),
        sa.Column('smtp_user', sa.String(length=200), nullable=False),
        sa.Column('smtp_from', sa.String(length=200), nullable=False),
        sa.CheckConstraint("smtp_security IN ('ssl', 'starttls', 'none')", name='ck_club_smtp_security'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_table(
        'mail_record',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('address', sa.String(length=320), nullable=False),
        sa.Column('message_id', sa.String(length=200), nullable=False),
        sa.Column('state', sa.String(length=10), nullable=False),
        sa.Column('error', sa.String(length=500), nullable=False),
        sa.Column('started_at', sa.DateTime(), nullable=False),
        sa.Column('finished_at', sa.DateTime(), nullable=True),
        sa.CheckConstraint("state IN ('sending', 'sent', 'refused')", name='ck_mail_record_state'),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'player_id', name='uq_mail_record_member'),
    )
    op.create_index(op.f('ix_mail_record_event_id'), 'mail_record', ['event_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_mail_record_event_id'), table_name='mail_record')
    op.drop_table('mail_record')
    op.drop_table('club_settings')
