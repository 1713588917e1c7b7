from decimal import Decimal

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tableresult",
            name="table_points",
            field=models.DecimalField(decimal_places=5, default=Decimal("0"), max_digits=10),
        ),
    ]
