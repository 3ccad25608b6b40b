from adjudicator.cli import main

raise SystemExit(main())
